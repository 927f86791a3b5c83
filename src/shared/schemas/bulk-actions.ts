import './field-messages.ts';
import { z } from 'zod';
import { PAPER_STATUSES } from '../constants.ts';
import { paperListQuerySchema } from './admin-dashboard.ts';
import { withKnownPlaceholders } from './placeholder-text.ts';
import { BULK_BATCH_SIZE, BULK_MESSAGES } from '../domain/bulk-actions.ts';

/** May hold placeholders (shared/domain/placeholders.ts); the service refuses unknown ones. */
const reviewText = z.string().max(20_000, 'Review comments are limited to 20,000 characters.');

/** One batch of a bulk status change: each paper goes through the state machine on its own. */
export const bulkStatusBodySchema = z.object({
  paperIds: z
    .array(z.uuid('A paper id is not valid.'))
    .min(1, BULK_MESSAGES.emptySelection)
    .max(BULK_BATCH_SIZE, BULK_MESSAGES.tooManyInBatch),
  status: z.enum(PAPER_STATUSES, 'Please choose one of the five review statuses.'),
  review: reviewText.default(''),
  /** With a decision: share each paper's reviewers' comments with its author (off by default). */
  shareReviews: z.boolean().default(false),
});
export type BulkStatusBody = z.infer<typeof bulkStatusBodySchema>;

/** The "Change status" form: the status and the comments, their placeholders checked as the service will. */
export const bulkStatusFormSchema = z.object({
  status: bulkStatusBodySchema.shape.status,
  review: withKnownPlaceholders(reviewText),
  shareReviews: z.boolean(),
});
export type BulkStatusForm = z.infer<typeof bulkStatusFormSchema>;

const paperRef = z.object({ _id: z.string(), ictacemId: z.string(), title: z.string() });
export const bulkStatusResponseSchema = z.object({
  success: z.literal(true),
  changed: z.array(paperRef),
  /** Of the changed papers, those whose decision is held until released (decision-release). */
  held: z.number(),
  skipped: z.array(paperRef.extend({ reason: z.string() })),
  /** Whether the authors are e-mailed too: false when the site has no mail server (SMTP_URL), in the site only. */
  byEmail: z.boolean(),
});
export type BulkStatusResult = z.infer<typeof bulkStatusResponseSchema>;

/** The paper list's filter, without paging: "Select all N matching". */
export const bulkSelectionQuerySchema = paperListQuerySchema.omit({ page: true, limit: true });
export const bulkSelectionResponseSchema = z.object({
  success: z.literal(true),
  paperIds: z.array(z.string()),
});
