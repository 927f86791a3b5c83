import './field-messages.ts';
import { z } from 'zod';
import { paperFilterSchema } from './admin-dashboard.ts';
import { BULK_MESSAGES, BULK_SELECTION_MAX } from '../domain/bulk-actions.ts';
import { formatCount } from '../format/numbers.ts';

/** Which papers an action is for: those ticked in the paper list, or every paper its filter matches. */
export const paperAudienceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('selection'),
    paperIds: z
      .array(z.uuid('A paper id is not valid.'))
      .min(1, BULK_MESSAGES.emptySelection)
      .max(BULK_SELECTION_MAX, `At most ${formatCount(BULK_SELECTION_MAX)} papers at once.`),
  }),
  z.object({ kind: z.literal('filter'), filter: paperFilterSchema }),
]);
export type PaperAudience = z.infer<typeof paperAudienceSchema>;
