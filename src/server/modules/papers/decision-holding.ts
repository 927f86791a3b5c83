import { DEFAULT_DECISION_RELEASE_MODE, type DecisionReleaseMode } from '@shared/domain/decision-release.ts';
import { isDecided } from '@shared/domain/reviews.ts';
import type { PaperStatus } from '@shared/constants.ts';
import { ADMIN_MESSAGES } from '@shared/schemas/admin-paper.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { PaperRow } from './papers.repository.ts';
import { findPaperForUpdate, insertAuditEntry } from './papers.repository.ts';
import { PAPER_NOT_FOUND } from './paper-workflow.ts';
import * as repo from './held-decisions.repository.ts';

/** Read in the deciding transaction: every process holds or applies by the setting in force. */
export async function currentReleaseMode(db: DbOrTx): Promise<DecisionReleaseMode> {
  return (await repo.findMode(db)) ?? DEFAULT_DECISION_RELEASE_MODE;
}

export interface DecisionEntry {
  actorId: string;
  status: PaperStatus;
  /** The comments to the author; left out, a held decision keeps its own, else the paper's. */
  review?: string;
  version?: number;
  refuseUnchanged?: string;
  shareReviews?: boolean;
}

/** What became of a status change: held (the paper untouched), or applied as entered. */
export type HoldOutcome = { held: true; paper: PaperRow } | { held: false; droppedHold: boolean };

/**
 * Where every status change starts (changeStatusInTransaction). While decisions are held
 * (any mode but on_entry) a decision is written to held_decisions instead of the paper, replacing
 * one held before, and recorded on the timeline; the author sees nothing of it. Any other change
 * (a paper taken back into review, or a decision entered while they are released at once) drops
 * the paper's held decision and goes ahead: what was held is no longer the organisers' word.
 * A decision that leaves the paper as its author already sees it drops the hold too.
 */
export async function holdDecisionIfDue(tx: DbOrTx, paperId: string, entry: DecisionEntry): Promise<HoldOutcome> {
  const mode = await currentReleaseMode(tx);
  if (mode === 'on_entry' || !isDecided(entry.status)) {
    return { held: false, droppedHold: await repo.deleteHeld(tx, paperId) };
  }
  // Locked as the state machine locks it: a concurrent change of this paper waits for this one.
  const paper = await findPaperForUpdate(tx, paperId);
  if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
  if (entry.version !== undefined && paper.version !== entry.version) {
    throw new AppError('conflict', ADMIN_MESSAGES.conflict);
  }
  const previous = await repo.findHeld(tx, paperId);
  const review = entry.review !== undefined ? entry.review.trim() : (previous?.review ?? paper.review);
  if (paper.status === entry.status && paper.review === review) {
    return { held: false, droppedHold: await repo.deleteHeld(tx, paperId) };
  }
  const shareReviews = entry.shareReviews ?? false;
  if (
    entry.refuseUnchanged &&
    previous?.status === entry.status &&
    previous.review === review &&
    previous.shareReviews === shareReviews
  ) {
    throw new AppError('conflict', entry.refuseUnchanged);
  }
  await repo.upsertHeld(tx, { paperId, status: entry.status, review, shareReviews, decidedBy: entry.actorId });
  await insertAuditEntry(tx, {
    actorId: entry.actorId,
    action: 'decision_held',
    paperId,
    targetUserId: paper.userId,
    previousStatus: paper.status,
    newStatus: entry.status,
    comments: review || null,
    details: { shareReviews, mode },
  });
  return { held: true, paper };
}
