import { sql } from 'drizzle-orm';
import type { PaperStatus } from '../../../shared/constants.ts';
import type { AuthorPaper } from '../../../shared/schemas/paper.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentAuthorPaper } from './paper.presenter.ts';
import * as repo from './papers.repository.ts';
import { PAPER_NOT_FOUND } from './papers.service.ts';

/** Sets the review status and the comments to the author, recording who did it and when. */
export async function setPaperStatus(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  input: { status: PaperStatus; review: string },
): Promise<AuthorPaper> {
  return ctx.db.transaction(async (tx) => {
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
    const [authors, adminFiles] = await Promise.all([repo.findAuthorsOfPapers(tx, [paperId]), repo.findAdminFilesOfPapers(tx, [paperId], false)]);
    return presentAuthorPaper({ paper: updated!, authors, adminFiles }, `${ctx.config.basePath}/api`);
  });
}
