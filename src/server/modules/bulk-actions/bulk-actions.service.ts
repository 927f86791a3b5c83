import { PAPER_STATUS_LABELS } from '@shared/constants.ts';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import { fillPlaceholders, placeholderError } from '@shared/domain/placeholders.ts';
import { BULK_MESSAGES, BULK_SELECTION_MAX } from '@shared/domain/bulk-actions.ts';
import type { BulkStatusBody, BulkStatusResult } from '@shared/schemas/bulk-actions.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { idsOfMatchingPapers } from '../admin-dashboard/dashboard.service.ts';
import type { PaperFilter } from '../admin-dashboard/dashboard.repository.ts';
import { changeStatusOrHold } from '../papers/admin-papers.service.ts';
import * as repo from './bulk-actions.repository.ts';

/** "Select all N matching": the papers of the list's filter, refused when there are none or too many. */
export async function selectMatchingPapers(ctx: AppContext, filter: PaperFilter): Promise<string[]> {
  const ids = await idsOfMatchingPapers(ctx, filter, BULK_SELECTION_MAX);
  if (ids === null) throw new AppError('bad_request', BULK_MESSAGES.tooManyMatching);
  if (ids.length === 0) throw new AppError('bad_request', BULK_MESSAGES.noneMatching);
  return ids;
}

/**
 * One batch of a bulk status change. Each paper takes the same way as a single change (the
 * state machine, the timeline, the author's notification and e-mail) in a transaction of its
 * own, so a paper is changed whole or not at all; a paper the step refuses, one already in that
 * status with the same comments (a repeated request), or one deleted meanwhile is skipped and
 * listed with the reason. Without comments, each paper keeps those its author already has.
 */
export async function changeStatusOfPapers(
  ctx: AppContext,
  admin: PublicUser,
  input: BulkStatusBody,
): Promise<BulkStatusResult> {
  const unknownPlaceholder = placeholderError(input.review);
  if (unknownPlaceholder) throw new AppError('bad_request', unknownPlaceholder);
  const paperIds = [...new Set(input.paperIds)];
  const found = new Map((await repo.findPapersWithSubmitters(ctx.db, paperIds)).map((paper) => [paper.id, paper]));
  const result: BulkStatusResult = {
    success: true,
    changed: [],
    held: 0,
    skipped: [],
    byEmail: ctx.outbox.canSend,
  };
  try {
    for (const paperId of paperIds) {
      const paper = found.get(paperId);
      if (!paper) {
        result.skipped.push({ _id: paperId, ictacemId: '', title: '', reason: BULK_MESSAGES.notFound });
        continue;
      }
      const ref = { _id: paper.id, ictacemId: paper.ictacemId, title: paper.title };
      try {
        const { held } = await ctx.db.transaction((tx) =>
          changeStatusOrHold(ctx, tx, admin, paper.id, {
            status: input.status,
            review: reviewFor(paper, input),
            refuseUnchanged: BULK_MESSAGES.alreadySo,
            shareReviews: input.shareReviews,
          }),
        );
        result.changed.push(ref);
        if (held) result.held += 1;
      } catch (error) {
        if (!(error instanceof AppError) || (error.code !== 'conflict' && error.code !== 'not_found')) throw error;
        result.skipped.push({ ...ref, reason: error.code === 'not_found' ? BULK_MESSAGES.notFound : error.message });
      }
    }
  } finally {
    // The batch's e-mails were queued with its transactions: one wake-up sends them, also when
    // an unexpected failure stops the batch after some papers were changed.
    ctx.outbox.kick();
  }
  return result;
}

/** The comments for one paper, its placeholders filled; none written, the paper keeps its own. */
function reviewFor(
  paper: Awaited<ReturnType<typeof repo.findPapersWithSubmitters>>[number],
  input: BulkStatusBody,
): string | undefined {
  if (!input.review.trim()) return undefined;
  return fillPlaceholders(input.review, {
    name: paper.submitterName,
    paperId: paper.ictacemId,
    title: paper.title,
    status: PAPER_STATUS_LABELS[input.status],
    paymentId: isRealPaymentId(paper.paymentId) ? paper.paymentId : 'not provided',
  });
}
