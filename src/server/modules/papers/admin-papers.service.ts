import { PAPER_STATUS_LABELS, PAPER_STATUSES, type PaperStatus } from '@shared/constants.ts';
import {
  ADMIN_MESSAGES,
  type AdminEvaluation,
  type EvaluationBody,
  type AdminPaper,
  type UserPaperCounts,
} from '@shared/schemas/admin-paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { isDecided } from '@shared/domain/reviews.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { type NotificationInput, notifyUsers } from '../notifications/notifications.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { presentUser } from '../users/user.presenter.ts';
import { findUserById } from '../users/users.repository.ts';
import { getUserForAdmin } from '../users/users.service.ts';
import { presentAdminPaper } from './admin-paper.presenter.ts';
import * as repo from './papers.repository.ts';
import { deleteRelease, releaseCommentedReviews } from './review-releases.repository.ts';
import { applyPaperStep, PAPER_NOT_FOUND, paperState, stateOfPaper } from './paper-workflow.ts';
import { noticeDecision } from '../committee-notices/committee-notices.service.ts';
import { deadlinesOfPapersWithExtensions, responseWordLimit, stepTiming } from '../deadlines/deadlines.service.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { findStoredFile, servableFile } from '../files/files.service.ts';
import { commentsParagraph } from '../mail-templates/mail-rendering.ts';
import { holdDecisionIfDue } from './decision-holding.ts';

export function apiBase(ctx: AppContext): string {
  return `${ctx.config.basePath}/api`;
}

/** Papers as an admin sees them. */
export async function presentForAdmin(ctx: AppContext, db: DbOrTx, rows: repo.PaperRow[]): Promise<AdminPaper[]> {
  return (await presentWithRelations(ctx, db, rows)).map(({ paper }) => paper);
}

/** The paper list's page, read with its relations: each paper with the author's messages the admin has not read. */
export async function presentPageForAdmin(
  ctx: AppContext,
  page: { paper: repo.PaperRow; relations: repo.AdminPaperRelations }[],
): Promise<(AdminPaper & { unreadMessages: number })[]> {
  const relations = new Map(page.map(({ paper, relations }) => [paper.id, relations]));
  const presented = await presentWithRelations(
    ctx,
    ctx.db,
    page.map(({ paper }) => paper),
    relations,
  );
  // Assigned, not spread: see presentAdminPaper.
  return presented.map(({ paper, relations }) =>
    Object.assign(paper, { unreadMessages: relations.unreadAuthorMessages }),
  );
}

/**
 * The papers with their relations (read here in one query unless given), then the conference's
 * dates (cached): one query whatever the number of papers.
 */
async function presentWithRelations(
  ctx: AppContext,
  db: DbOrTx,
  rows: repo.PaperRow[],
  given?: Map<string, repo.AdminPaperRelations>,
) {
  const found =
    given ??
    (await repo.findAdminPaperRelations(
      db,
      rows.map((r) => r.id),
    ));
  const relationsOf = (paper: repo.PaperRow) => found.get(paper.id) ?? NO_RELATIONS;
  const deadlines = await deadlinesOfPapersWithExtensions(
    ctx,
    db,
    rows.map((paper) => ({
      id: paper.id,
      state: stateOfPaper(paper, relationsOf(paper).hasFullPaperVersion),
      extensions: relationsOf(paper).extensions,
    })),
  );
  return rows.map((paper) => {
    const relations = relationsOf(paper);
    const { authors, adminFiles, usernames, heldDecision, preflight } = relations;
    const deadlinesOfThis = deadlines.get(paper.id)!;
    return {
      paper: presentAdminPaper(
        { paper, authors, adminFiles, deadlines: deadlinesOfThis },
        usernames,
        apiBase(ctx),
        heldDecision,
        preflight,
      ),
      relations,
    };
  });
}

/** A paper deleted between its page and its relations being read. */
const NO_RELATIONS: repo.AdminPaperRelations = {
  authors: [],
  adminFiles: [],
  usernames: new Map(),
  extensions: [],
  hasFullPaperVersion: false,
  unreadAuthorMessages: 0,
  committeeReviews: { assigned: 0, submitted: 0 },
  heldDecision: null,
  preflight: null,
};

export async function presentOneForAdmin(ctx: AppContext, db: DbOrTx, row: repo.PaperRow): Promise<AdminPaper> {
  const [paper] = await presentForAdmin(ctx, db, [row]);
  return paper!;
}

export async function requirePaper(db: DbOrTx, paperId: string): Promise<repo.PaperRow> {
  const paper = await repo.findPaper(db, paperId);
  if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

export async function getPaperWithSubmitter(ctx: AppContext, paperId: string) {
  const paper = await requirePaper(ctx.db, paperId);
  const submitter = await findUserById(ctx.db, paper.userId);
  return { paper: await presentOneForAdmin(ctx, ctx.db, paper), user: submitter ? presentUser(submitter) : null };
}

export async function listPapersOfUser(ctx: AppContext, userId: string): Promise<AdminPaper[]> {
  await getUserForAdmin(ctx, userId);
  return presentForAdmin(ctx, ctx.db, await repo.findPapersOfUser(ctx.db, userId));
}

export async function countPapersOfUser(ctx: AppContext, userId: string): Promise<UserPaperCounts> {
  await getUserForAdmin(ctx, userId);
  const rows = await repo.countPapersByStatusOfUser(ctx.db, userId);
  const counts = Object.fromEntries(PAPER_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<
    PaperStatus,
    number
  >;
  return { count: rows.reduce((sum, r) => sum + r.n, 0), ...counts };
}

/**
 * What the author is told about a review decision; null when nothing they can see changed. The
 * notification keeps the site's own words; its e-mail copy is written with the decision's
 * template, so an organiser who rewords a decision rewords what the author receives.
 */
export function reviewNotification(
  paper: Pick<repo.PaperRow, 'id' | 'ictacemId' | 'title'>,
  before: { status: PaperStatus; review: string },
  after: { status: PaperStatus; review: string },
  /** A response asked for: until when, and in how many words. */
  responseRequest?: { closesAt: string; wordLimit: number },
): NotificationInput | null {
  const label = PAPER_STATUS_LABELS[after.status];
  const comments = commentsParagraph(after.review);
  const base = { paperId: paper.id, mailKind: 'decision' as const };
  const values = { paperId: paper.ictacemId, title: paper.title, status: label, comments };
  if (before.status !== after.status) {
    if (after.status === 'author_response_awaited' && responseRequest) {
      const responseDeadline = formatConferenceTime(responseRequest.closesAt);
      const wordLimit = String(responseRequest.wordLimit);
      return {
        ...base,
        type: 'paper_status_change',
        priority: 'high',
        title: `Please respond to the reviews: ${paper.ictacemId}`,
        message: `The committee asks for your response to the reviews of "${paper.title}". The reviewers' comments are shared with you: on your profile, open "Respond to the reviews", write your response (at most ${wordLimit} words; you may add a revised abstract PDF) and submit it by ${responseDeadline}.${comments}`,
        mail: { template: 'response_requested', values: { ...values, responseDeadline, wordLimit } },
      };
    }
    if (after.status === 'abstract_accepted') {
      return {
        ...base,
        type: 'paper_approved',
        priority: 'high',
        title: `Abstract accepted: ${paper.ictacemId}`,
        message: `Your abstract "${paper.title}" has been accepted. Please add your payment ID, then submit your full paper.${comments}`,
        mail: { template: 'decision_accepted', values },
      };
    }
    if (after.status === 'declined') {
      return {
        ...base,
        type: 'paper_declined',
        priority: 'high',
        title: `Abstract declined: ${paper.ictacemId}`,
        message: `Your abstract "${paper.title}" has been declined.${comments}`,
        mail: { template: 'decision_declined', values },
      };
    }
    return {
      ...base,
      type: 'paper_status_change',
      title: `Status changed to ${label}: ${paper.ictacemId}`,
      message: `The status of "${paper.title}" is now ${label}.${comments}`,
      mail: { template: 'decision_status_changed', values },
    };
  }
  if (after.review && after.review !== before.review) {
    return {
      ...base,
      type: 'review_comment',
      title: `New review comments: ${paper.ictacemId}`,
      message: `The reviewers commented on "${paper.title}":\n\n${after.review}`,
      mail: {
        template: 'decision_review_comments',
        values: { paperId: paper.ictacemId, title: paper.title, status: label, reviewComments: after.review },
      },
    };
  }
  return null;
}

export interface StatusChange {
  status: PaperStatus;
  /** The comments to the author; left out, the paper keeps the ones it has. */
  review?: string;
  /** The paper version the admin saw (409 when stale). */
  version?: number;
  /** Refuse (409 with this message) a change that would leave status and comments as they are. */
  refuseUnchanged?: string;
  /** With a decision, share the reviewers' comments with the author (review_releases). */
  shareReviews?: boolean;
  /** Applying a held decision: it goes to the author now, whatever the release setting. */
  releasing?: boolean;
}

/**
 * Sets the review status and the comments to the author inside the caller's transaction:
 * the state machine's step (timeline entry included), who reviewed and when, and the author's
 * notification and e-mail when something they can see changed.
 */
export async function changeStatusInTransaction(
  ctx: AppContext,
  tx: DbOrTx,
  admin: PublicUser,
  paperId: string,
  input: StatusChange,
): Promise<repo.PaperRow> {
  return (await changeStatusOrHold(ctx, tx, admin, paperId, input)).paper;
}

/**
 * As changeStatusInTransaction, saying whether the decision was held for a later release (the
 * paper then returned as it was: decision-holding.ts).
 */
export async function changeStatusOrHold(
  ctx: AppContext,
  tx: DbOrTx,
  admin: PublicUser,
  paperId: string,
  input: StatusChange,
): Promise<{ paper: repo.PaperRow; held: boolean }> {
  let refuseUnchanged = input.refuseUnchanged;
  if (!input.releasing) {
    const outcome = await holdDecisionIfDue(tx, paperId, { actorId: admin._id, ...input });
    if (outcome.held) return { paper: outcome.paper, held: true };
    // Dropping a held decision is a change in itself: the same status again is not refused.
    if (outcome.droppedHold) refuseUnchanged = undefined;
  }
  const review =
    input.review !== undefined ? input.review.trim() : ((await repo.findPaperForUpdate(tx, paperId))?.review ?? '');
  const { paper, previous } = await applyPaperStep(tx, paperId, {
    actor: admin,
    action: { type: 'status_change', status: input.status },
    expectedVersion: input.version,
    changes: (current) => {
      if (refuseUnchanged && current.status === input.status && current.review === review) {
        throw new AppError('conflict', refuseUnchanged);
      }
      return { review, reviewedBy: admin._id, reviewedAt: new Date() };
    },
    reason: review,
  });
  // Comments are shared with a decision, and with a request for the author's response (which
  // answers them); a paper taken back into review takes them back.
  const asksForResponse = input.status === 'author_response_awaited' && previous.status !== input.status;
  if (asksForResponse) await releaseCommentedReviews(tx, paperId, admin._id);
  else if (!isDecided(input.status) && input.status !== 'author_response_awaited') await deleteRelease(tx, paperId);
  else if (input.shareReviews) await releaseCommentedReviews(tx, paperId, admin._id);
  const notice = reviewNotification(
    previous,
    previous,
    { status: input.status, review },
    asksForResponse ? await responseRequestOf(ctx, tx, paper) : undefined,
  );
  if (notice) await notifyUsers(ctx, tx, [previous.userId], notice);
  await noticeDecision(tx, paper, previous.status, input.status);
  return { paper, held: false };
}

/** Until when, and in how many words, the author of a paper now awaiting a response may answer. */
async function responseRequestOf(
  ctx: AppContext,
  tx: DbOrTx,
  paper: repo.PaperRow,
): Promise<{ closesAt: string; wordLimit: number } | undefined> {
  const timing = await stepTiming(ctx, tx, { id: paper.id, state: await paperState(tx, paper) });
  const deadline = timing.deadlines.response;
  return deadline ? { closesAt: deadline.closesAt, wordLimit: await responseWordLimit(tx) } : undefined;
}

/** Sets the review status and the comments to the author, recording who did it and when. */
export async function setPaperStatus(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  input: StatusChange & { review: string },
): Promise<AdminPaper> {
  return transactionThenMail(ctx, async (tx) =>
    presentOneForAdmin(ctx, tx, await changeStatusInTransaction(ctx, tx, admin, paperId, input)),
  );
}

export async function getEvaluation(ctx: AppContext, paperId: string): Promise<AdminEvaluation> {
  return (await presentOneForAdmin(ctx, ctx.db, await requirePaper(ctx.db, paperId))).adminEvaluation;
}

/**
 * Confidential marks and comments: stored on the paper, shown only through admin routes. Saved
 * marks are replaced by other marks or removed by an explicit `clearMarks`; a request without
 * marks never erases them (a typo in the field must not cost a score).
 */
export async function saveEvaluation(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  input: EvaluationBody,
): Promise<AdminEvaluation> {
  return ctx.db.transaction(async (tx) => {
    const { paper } = await applyPaperStep(tx, paperId, {
      actor: admin,
      action: { type: 'evaluation' },
      bumpVersion: false,
      changes: (current) => {
        if (input.marks === null && !input.clearMarks && current.evaluationMarks !== null) {
          throw new AppError('conflict', ADMIN_MESSAGES.marksWouldErase);
        }
        const marks = input.clearMarks ? null : input.marks === undefined ? current.evaluationMarks : input.marks;
        return {
          evaluationMarks: marks,
          evaluationComments: input.confidentialComments.trim(),
          evaluatedBy: admin._id,
          evaluatedAt: new Date(),
        };
      },
      // The timeline is read by admins only; it keeps the marks' change, never the comments.
      details: (previous, updated) => ({ marks: { from: previous.evaluationMarks, to: updated.evaluationMarks } }),
    });
    return (await presentOneForAdmin(ctx, tx, paper)).adminEvaluation;
  });
}

/** The current abstract as a download named paper_{id}.pdf. */
export async function getAbstractDownload(ctx: AppContext, paperId: string): Promise<ServableFile> {
  const paper = await requirePaper(ctx.db, paperId);
  const stored = await findStoredFile(ctx.db, paper.abstractFileId);
  if (!stored) throw new AppError('not_found', 'No abstract file for this paper.');
  return servableFile(stored, `paper_${paperId}.pdf`);
}
