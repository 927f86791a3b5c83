import { z } from 'zod';
import './field-messages.ts';
import { reuploadUntilSchema } from './deadlines.ts';

/**
 * An organiser's reset or restore of a submission: apart from the admin paper's schemas, so the
 * paper page's reset form builds these two and not the whole paper's.
 */

/** Reset (true) or restore (false) a submission; the reason is recorded in the history. */
export const toggleAbstractBodySchema = z.object({
  resetAbstract: z.boolean(),
  reason: z.string().trim().max(2000).default(''),
  /** The paper version the admin saw; a stale one answers 409 instead of overwriting. */
  version: z.number().int().positive().optional(),
  /** With a reset: the author may upload again until then; without, until the upload is done. */
  reuploadUntil: reuploadUntilSchema,
});
export const toggleFullPaperBodySchema = toggleAbstractBodySchema
  .omit({ resetAbstract: true })
  .extend({ resetFullPaper: z.boolean() });
