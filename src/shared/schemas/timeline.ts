import { z } from 'zod';
import { PAPER_STATUSES } from '../constants.ts';
import { TIMELINE_ROLES } from '../domain/paper-workflow.ts';
import { okResponse } from './responses.ts';

/** One step of a paper's life, as an admin's timeline shows it (GET /admin/papers/{id}/timeline). */
export const paperTimelineEntrySchema = z
  .object({
    _id: z.string(),
    /** A state-machine action (paper-workflow.ts), 'baseline', or an older admin action. */
    action: z.string(),
    label: z.string(),
    at: z.string(),
    /**
     * Who did it, and in which role on this paper (its author, a committee member reviewing it, an
     * organiser); null when the account is gone or the entry was written by the system.
     */
    actor: z.object({ name: z.string(), role: z.enum(TIMELINE_ROLES) }).nullable(),
    fromStatus: z.enum(PAPER_STATUSES).nullable(),
    toStatus: z.enum(PAPER_STATUSES).nullable(),
    /** The review comments or the reset reason given with the step. */
    reason: z.string().nullable(),
    fileName: z.string().nullable(),
    version: z.number().nullable(),
    /** Evaluation steps only: the marks before and after (admins may read them). */
    marks: z.object({ from: z.number().nullable(), to: z.number().nullable() }).nullable(),
    visibleToUser: z.boolean().nullable(),
    /** Committee steps only: the member the step concerns (organisers read names in every review mode). */
    reviewer: z.string().nullable(),
    /** Committee steps only: "Reviewer 2", the number the member has on this paper (older steps: null). */
    reviewerLabel: z.string().nullable(),
    /** An extension, or a reset's re-upload date: the paper's own deadline from then on (ISO 8601). */
    openUntil: z.string().nullable(),
  })
  .meta({ id: 'PaperTimelineEntry' });
export type PaperTimelineEntry = z.infer<typeof paperTimelineEntrySchema>;

export const paperTimelineResponseSchema = okResponse({ timeline: z.array(paperTimelineEntrySchema) });
