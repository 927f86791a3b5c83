import { z } from 'zod';
import { PAPER_STATUS_LABELS, PAPER_STATUSES, type PaperStatus } from '@shared/constants.ts';
import type { AdminPaper, adminPaperChangedResponseSchema } from '@shared/schemas/admin-paper.ts';
import { api, type ResponseOf } from '../lib/api.ts';
import { adminPaperPath, usePaperChange } from './admin-paper.ts';

export interface StatusChange {
  paperId: string;
  status: PaperStatus;
  review: string;
  /** The version the admin saw; the server answers 409 when another admin changed the paper since. */
  version: number;
  /** With a decision: share the reviewers' comments with the author. */
  shareReviews: boolean;
}

/** What the two review forms hold: the status chosen, the comments to the author and whether to share the reviews. */
export const statusChangeFormSchema = z.object({
  status: z.enum(PAPER_STATUSES),
  review: z.string(),
  shareReviews: z.boolean(),
});

/** Sets a paper's status and review comments, from the dashboard's quick review and the paper page alike. */
export function useSetPaperStatus() {
  return usePaperChange({
    send: ({ paperId, ...body }: StatusChange) =>
      api<ResponseOf<typeof adminPaperChangedResponseSchema>>(`${adminPaperPath(paperId)}/status`, {
        method: 'PUT',
        body,
      }),
    paperIdOf: (change) => change.paperId,
    applyAnswer: (_, answer) => answer.paper,
  });
}

/** What a saved status change says: held for a later release (decision-release), or spec 7's text. */
export function statusSavedText(paper: AdminPaper, status: PaperStatus, review: string): string {
  return paper.heldDecision
    ? `Decision held: ${PAPER_STATUS_LABELS[paper.heldDecision.status]}. The author sees nothing until it is released.`
    : statusUpdatedText(status, review);
}

/** Spec 7: "Paper status updated to {status}" (its label), plus " with review comments" when some were given. */
export function statusUpdatedText(status: PaperStatus, review: string): string {
  return `Paper status updated to ${PAPER_STATUS_LABELS[status]}${review.trim() ? ' with review comments' : ''}`;
}
