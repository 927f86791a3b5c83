import { z } from 'zod';
import { BULK_SELECTION_MAX } from '../domain/bulk-actions.ts';
import { DECISION_RELEASE_MODES, DECISION_RELEASE_TEXTS } from '../domain/decision-release.ts';
import type { PaperStatus } from '../constants.ts';
import { okResponse } from './responses.ts';

/** The decisions (DECIDED_STATUSES): the statuses a release can hold. */
const decision = z.enum(['abstract_accepted', 'declined'] as const satisfies readonly PaperStatus[]);

/** How many held decisions there are of each kind. */
export const heldCountsSchema = z
  .object({ total: z.number(), abstract_accepted: z.number(), declined: z.number() })
  .meta({ id: 'HeldDecisionCounts' });
export type HeldCounts = z.infer<typeof heldCountsSchema>;

export const decisionReleaseResponseSchema = okResponse({
  mode: z.enum(DECISION_RELEASE_MODES),
  /** The notification date in force (Deadlines page): when `on_notification_date` releases. */
  notificationDate: z.string(),
  held: heldCountsSchema,
});
export type DecisionReleaseSettings = z.infer<typeof decisionReleaseResponseSchema>;

export const setDecisionReleaseBodySchema = z.object({
  mode: z.enum(DECISION_RELEASE_MODES, DECISION_RELEASE_TEXTS.invalidMode),
});
export type SetDecisionReleaseBody = z.infer<typeof setDecisionReleaseBodySchema>;

export const decisionReleaseSavedResponseSchema = okResponse({
  mode: z.enum(DECISION_RELEASE_MODES),
  message: z.string(),
});

/** The held decisions of these papers, or every held decision when no papers are named. */
export const releaseScopeBodySchema = z.object({
  paperIds: z.array(z.uuid('Paper not found.')).min(1).max(BULK_SELECTION_MAX).optional(),
});
export type ReleaseScopeBody = z.infer<typeof releaseScopeBodySchema>;

export const releasePreviewResponseSchema = okResponse({
  held: heldCountsSchema,
  /** The e-mails the release will queue: one to each paper's author whose view changes. */
  emails: z.number(),
  /** False without a mail server: the authors are told in the site only. */
  byEmail: z.boolean(),
});
export type ReleasePreview = z.infer<typeof releasePreviewResponseSchema>;

export const releaseBatchResponseSchema = okResponse({
  released: z.array(z.object({ _id: z.string(), ictacemId: z.string(), title: z.string(), status: decision })),
  /** Refused by the paper's state (named with the reason); they stay held. */
  skipped: z.array(z.object({ _id: z.string(), ictacemId: z.string(), title: z.string(), reason: z.string() })),
  /** Held decisions of the scope still to release: ask again while this is above 0. */
  remaining: z.number(),
});
export type ReleaseBatch = z.infer<typeof releaseBatchResponseSchema>;

/** A held decision as an organiser sees it beside the paper. */
export const heldDecisionSchema = z
  .object({
    status: decision,
    review: z.string(),
    shareReviews: z.boolean(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string(),
  })
  .meta({ id: 'HeldDecision' });
export type HeldDecision = z.infer<typeof heldDecisionSchema>;
