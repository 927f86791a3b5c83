import { sql } from 'drizzle-orm';
import { PAPER_STATUS_LABELS, type PaperStatus } from '../../../shared/constants.ts';
import type { AuthorPaper } from '../../../shared/schemas/paper.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type NotificationInput, notifyUsers, sendQueuedMail } from '../notifications/notifications.service.ts';
import { presentAuthorPaper } from './paper.presenter.ts';
import * as repo from './papers.repository.ts';
import { PAPER_NOT_FOUND } from './papers.service.ts';

/** What the author is told about a review decision; null when nothing they can see changed. */
export function reviewNotification(
  paper: Pick<repo.PaperRow, 'id' | 'ictacemId' | 'title'>,
  before: { status: PaperStatus; review: string },
  after: { status: PaperStatus; review: string },
): NotificationInput | null {
  const label = PAPER_STATUS_LABELS[after.status];
  const comments = after.review ? `\n\nReview comments:\n${after.review}` : '';
  const base = { paperId: paper.id };
  if (before.status !== after.status) {
    if (after.status === 'abstract_accepted') {
      return { ...base, type: 'paper_approved', priority: 'high', title: `Abstract accepted: ${paper.ictacemId}`, message: `Your abstract "${paper.title}" has been accepted. Please add your payment ID, then submit your full paper.${comments}` };
    }
    if (after.status === 'declined') {
      return { ...base, type: 'paper_declined', priority: 'high', title: `Abstract declined: ${paper.ictacemId}`, message: `Your abstract "${paper.title}" has been declined.${comments}` };
    }
    return { ...base, type: 'paper_status_change', title: `Status changed to ${label}: ${paper.ictacemId}`, message: `The status of "${paper.title}" is now ${label}.${comments}` };
  }
  if (after.review && after.review !== before.review) {
    return { ...base, type: 'review_comment', title: `New review comments: ${paper.ictacemId}`, message: `The reviewers commented on "${paper.title}":\n\n${after.review}` };
  }
  return null;
}

/** Sets the review status and the comments to the author, recording who did it and when. */
export async function setPaperStatus(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  input: { status: PaperStatus; review: string },
): Promise<AuthorPaper> {
  const paper = await ctx.db.transaction(async (tx) => {
    const before = await repo.findPaper(tx, paperId);
    if (!before) throw new AppError('not_found', PAPER_NOT_FOUND);
    const review = input.review.trim();
    const updated = await repo.updatePaperWhere(tx, paperId, sql`true`, {
      status: input.status,
      review,
      reviewedBy: admin._id,
      reviewedAt: new Date(),
    });
    await repo.insertAuditEntry(tx, {
      actorId: admin._id,
      action: 'status_change',
      paperId,
      targetUserId: before.userId,
      previousStatus: before.status,
      newStatus: input.status,
      comments: review,
    });
    const notice = reviewNotification(before, before, { status: input.status, review });
    if (notice) await notifyUsers(ctx, tx, [before.userId], notice);
    const [authors, adminFiles] = await Promise.all([repo.findAuthorsOfPapers(tx, [paperId]), repo.findAdminFilesOfPapers(tx, [paperId], false)]);
    return presentAuthorPaper({ paper: updated!, authors, adminFiles }, `${ctx.config.basePath}/api`);
  });
  sendQueuedMail(ctx);
  return paper;
}
