import { buffer } from 'node:stream/consumers';
import { ASSIGNABLE_STATUSES, type ReviewState } from '@shared/domain/assignment.ts';
import type { ReviewMode } from '@shared/domain/review-mode.ts';
import { isDecided, REVIEW_TEXTS, reviewerLabel, summariseMarks } from '@shared/domain/reviews.ts';
import {
  type MyReviews,
  type PaperReviews,
  type ReviewerComments,
  type ReviewDraftBody,
  reviewDraftBodySchema,
  type ReviewSheet,
  type ReviewSubmitBody,
  reviewSubmitBodySchema,
} from '@shared/schemas/reviews.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { groupBy } from '@server/lib/group-by.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { insertTimelineEntries, lockPapersForAssignment } from '../assignment/assignment.repository.ts';
import { requireAcceptedMember } from '../committee/committee.service.ts';
import { noticeReminders } from '../committee-notices/committee-notices.service.ts';
import type { PaperProfile } from '../conflicts/conflict-rules.ts';
import { findPaperProfile, findPaperProfilesByIds } from '../conflicts/conflicts.repository.ts';
import { conflictsOfCommittee, conflictsOfMember } from '../conflicts/conflicts.service.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { findStoredFile, servableFile } from '../files/files.service.ts';
import { apiBase } from '../papers/admin-papers.service.ts';
import { currentReviewMode } from '../review-mode/review-mode.service.ts';
import {
  findReviewOfMember,
  findReviewsOfMember,
  findReviewsOfPaperForOrganisers,
  findMarkRevisions,
  findUnfinishedReviews,
  insertMarkRevision,
  type MemberReviewRow,
  responseSubmittedBefore,
  updateReview,
} from './reviews.repository.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { findPaper } from '../papers/papers.repository.ts';
import { deleteRelease, findRelease, insertRelease } from '../papers/review-releases.repository.ts';
import { currentConference } from '@shared/conference.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { bulletList, countOf, renderMail, siteLink } from '../mail-templates/mail-rendering.ts';

type Ctx = AppContext;

const stateOf = (row: Pick<MemberReviewRow, 'draftSavedAt' | 'submittedAt'>): ReviewState =>
  row.submittedAt ? 'submitted' : row.draftSavedAt ? 'draft' : 'not_started';
const isEditable = (row: Pick<MemberReviewRow, 'status'>) =>
  (ASSIGNABLE_STATUSES as readonly string[]).includes(row.status);

/**
 * The member's review of the paper, or 404 for anything else: a paper not assigned to them, or
 * one they have since been found or declared conflicted with, answers as one that does not exist.
 */
export async function requireOwnReview(db: DbOrTx, user: PublicUser, paperId: string, lock = false) {
  const member = await requireAcceptedMember({ db }, user);
  const row = await findReviewOfMember(db, member.id, paperId, lock);
  const profile = row && (await findPaperProfile(db, paperId));
  if (!row || !profile || (await conflictsOfMember(db, member.id, [profile])).has(paperId))
    throw new AppError('not_found', REVIEW_TEXTS.notFound);
  return { member, row, profile };
}

function presentSheet(
  ctx: Ctx,
  row: MemberReviewRow,
  profile: PaperProfile,
  { deadline, mode }: { deadline: string; mode: ReviewMode },
): ReviewSheet {
  return {
    paper: {
      paperId: row.paperId,
      title: row.title,
      theme: row.theme,
      authors: mode === 'double_blind' ? null : profile.authors.map(({ name, affiliation }) => ({ name, affiliation })),
      abstractUrl: `${apiBase(ctx)}/committee/reviews/${row.paperId}/abstract`,
    },
    review: {
      mark: row.mark,
      confidence: row.confidence,
      commentsToAuthors: row.commentsToAuthors,
      confidentialComments: row.confidentialComments,
      state: stateOf(row),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      updatedAt: row.draftSavedAt || row.submittedAt ? row.updatedAt.toISOString() : null,
    },
    editable: isEditable(row),
    deadline,
  };
}

const reviewDeadline = async (ctx: Ctx) => (await currentDates(ctx)).reviewDeadline;

/** A paper's reviews for organisers: submitted ones in full, drafts by their state only. */
export async function getPaperReviews(ctx: Pick<AppContext, 'db'>, paperId: string): Promise<PaperReviews> {
  if (!(await findPaperProfile(ctx.db, paperId))) throw new AppError('not_found', PAPER_NOT_FOUND);
  const rows = await findReviewsOfPaperForOrganisers(ctx.db, paperId);
  const submitted = rows.filter((row) => row.submittedAt !== null);
  const revisions = await findMarkRevisions(
    ctx.db,
    submitted.map((row) => row.reviewId),
  );
  return {
    reviews: rows.map((row) => {
      const shown = row.submittedAt !== null;
      return {
        memberId: row.memberId,
        label: reviewerLabel(row.reviewerNumber),
        name: row.name,
        memberStatus: row.memberStatus,
        state: stateOf(row),
        mark: shown ? row.mark : null,
        confidence: shown ? row.confidence : null,
        commentsToAuthors: shown ? row.commentsToAuthors : '',
        confidentialComments: shown ? row.confidentialComments : '',
        submittedAt: row.submittedAt?.toISOString() ?? null,
        earlierMarks: revisions
          .filter((revision) => shown && revision.reviewId === row.reviewId)
          .map((revision) => ({
            mark: revision.mark,
            confidence: revision.confidence,
            givenAt: revision.givenAt.toISOString(),
            replacedAt: revision.replacedAt.toISOString(),
            afterResponse: revision.afterResponse,
          })),
      };
    }),
    sharedWithAuthor: (await findRelease(ctx.db, paperId)) !== undefined,
    summary: {
      assigned: rows.length,
      ...summariseMarks(submitted.map((row) => ({ mark: row.mark!, confidence: row.confidence! }))),
    },
  };
}

/**
 * "Remind reviewers": one notice in the site, and one e-mail when a mail server is configured, per
 * member listing their unfinished reviews (papers still being decided, not conflicted since) and
 * the deadline.
 */
export async function remindReviewers(ctx: Ctx): Promise<{ message: string }> {
  const deadline = await reviewDeadline(ctx);
  const members = await transactionThenMail(ctx, (tx) => queueReviewReminders(ctx, tx, deadline));
  return { message: ctx.outbox.canSend ? REVIEW_TEXTS.reminded(members) : REVIEW_TEXTS.remindedInSite(members) };
}

/**
 * One reminder to each member with reviews still to submit, listing them, in the caller's
 * transaction (an organiser's "Remind reviewers", or the automatic reminders before the
 * deadline, read before the transaction): a notice in the site, and an e-mail through the outbox
 * when there is a mail server. How many members it reminded.
 */
export async function queueReviewReminders(ctx: Ctx, tx: DbOrTx, deadline: string): Promise<number> {
  const unfinished = await findUnfinishedReviews(tx);
  const conflicts = await conflictsOfCommittee(
    tx,
    await findPaperProfilesByIds(tx, [...new Set(unfinished.map((row) => row.paperId))]),
  );
  const byMember = groupBy(
    unfinished.filter((row) => !conflicts.get(row.memberId)?.has(row.paperId)),
    (row) => row.memberId,
  );
  await noticeReminders(tx, deadline, byMember);
  // Without a mail server a reminder is told in the site only: a reminder sent later is stale.
  if (!ctx.outbox.canSend) return byMember.size;
  for (const rows of byMember.values()) {
    const { name, email } = rows[0]!;
    const mail = await renderMail(tx, 'review_reminder', {
      conference: currentConference().shortName,
      name,
      reviewCount: countOf(rows.length, 'review', 'reviews'),
      deadline: formatConferenceTime(deadline),
      papers: bulletList(rows.map((row) => row.title)),
      reviewsLink: siteLink(ctx.config, 'reviews'),
    });
    await ctx.outbox.enqueue(tx, { kind: 'reminder', to: email, subject: mail.subject, text: mail.text });
  }
  return byMember.size;
}

/** An organiser shares the reviewers' comments to the authors of a decided paper with its author. */
export async function shareReviewsWithAuthor(ctx: Ctx, actor: PublicUser, paperId: string) {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
  if (!isDecided(paper.status)) throw new AppError('conflict', REVIEW_TEXTS.decideFirst);
  if ((await commentsForAuthor(ctx, paperId)).length === 0) throw new AppError('conflict', REVIEW_TEXTS.nothingToShare);
  await insertRelease(ctx.db, paperId, actor._id);
  return { message: REVIEW_TEXTS.shared };
}

export async function stopSharingReviews(ctx: Ctx, paperId: string) {
  if (!(await findPaper(ctx.db, paperId))) throw new AppError('not_found', PAPER_NOT_FOUND);
  await deleteRelease(ctx.db, paperId);
  return { message: REVIEW_TEXTS.unshared };
}

/**
 * The submitted reviews' comments to the authors, each under its reviewer's number (the one the
 * committee knows them by, gaps and all): no name, no mark.
 */
async function commentsForAuthor(ctx: Ctx, paperId: string): Promise<ReviewerComments> {
  return (await findReviewsOfPaperForOrganisers(ctx.db, paperId))
    .filter((review) => review.submittedAt !== null && review.commentsToAuthors.trim() !== '')
    .map((review) => ({ label: reviewerLabel(review.reviewerNumber), comments: review.commentsToAuthors }));
}

/**
 * The author's own paper's reviewer comments, once an organiser has shared them (an empty list
 * until then); anyone else's paper answers as one that does not exist.
 */
export async function getReviewerComments(ctx: Ctx, user: PublicUser, paperId: string): Promise<ReviewerComments> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper || paper.userId !== user._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  if (!(await findRelease(ctx.db, paperId))) return [];
  return commentsForAuthor(ctx, paperId);
}

/** "My reviews": the papers assigned to the member, less any they are now conflicted with. */
export async function listMyReviews(ctx: Ctx, user: PublicUser): Promise<MyReviews> {
  const member = await requireAcceptedMember(ctx, user);
  const rows = await findReviewsOfMember(ctx.db, member.id);
  const profiles = await findPaperProfilesByIds(
    ctx.db,
    rows.map((row) => row.paperId),
  );
  const conflicted = await conflictsOfMember(ctx.db, member.id, profiles);
  return {
    deadline: await reviewDeadline(ctx),
    reviews: rows
      .filter((row) => !conflicted.has(row.paperId))
      .map((row) => ({
        paperId: row.paperId,
        title: row.title,
        theme: row.theme,
        state: stateOf(row),
        editable: isEditable(row),
        updatedAt: row.draftSavedAt || row.submittedAt ? row.updatedAt.toISOString() : null,
      })),
  };
}

export async function getReviewSheet(ctx: Ctx, user: PublicUser, paperId: string): Promise<ReviewSheet> {
  const { row, profile } = await requireOwnReview(ctx.db, user, paperId);
  return presentSheet(ctx, row, profile, {
    deadline: await reviewDeadline(ctx),
    mode: await currentReviewMode(ctx.db),
  });
}

/**
 * The abstract as the reviewer receives it, under a name that says nothing of its authors; in
 * double-blind review a copy without its document information (anonymous-pdf.ts).
 */
export async function getReviewAbstract(
  ctx: Ctx,
  user: PublicUser,
  paperId: string,
): Promise<{ kind: 'stored'; file: ServableFile } | { kind: 'made'; file: ServableFile; bytes: Uint8Array }> {
  const { row } = await requireOwnReview(ctx.db, user, paperId);
  const stored = await findStoredFile(ctx.db, row.abstractFileId);
  if (!stored) throw new AppError('not_found', REVIEW_TEXTS.notFound);
  const file = servableFile(stored, `paper-${paperId.slice(0, 8)}.pdf`);
  if ((await currentReviewMode(ctx.db)) === 'single_blind') return { kind: 'stored', file };
  const original = await buffer(await ctx.store.open(stored.storageKey));
  // pdf-lib is loaded at the first blind copy, not at start.
  const { withoutDocumentInformation } = await import('../review-mode/anonymous-pdf.ts');
  return { kind: 'made', file, bytes: await withoutDocumentInformation(original) };
}

/**
 * Writes the review, under lock: a double click, or two tabs, act one after the other. Nothing
 * changes after the paper's decision. A submission identical to the one recorded changes nothing
 * (so a second click adds no step to the timeline).
 */
async function writeReview(
  ctx: Ctx,
  user: PublicUser,
  paperId: string,
  values: { mark: number | null; confidence: number | null; commentsToAuthors: string; confidentialComments: string },
  submit: boolean,
): Promise<{ message: string; sheet: ReviewSheet }> {
  const message = await ctx.db.transaction(async (tx) => {
    // The paper is held against a decision first (a status change waits, then sees the review),
    // and against another submission's combined marks (lockPapersForAssignment).
    await lockPapersForAssignment(tx, [paperId], 'no key update');
    const { row } = await requireOwnReview(tx, user, paperId, true);
    if (!isEditable(row)) throw new AppError('conflict', REVIEW_TEXTS.decided);
    const now = new Date();
    if (!submit) {
      if (row.submittedAt) throw new AppError('conflict', REVIEW_TEXTS.alreadySubmitted);
      await updateReview(tx, row.id, { ...values, draftSavedAt: now });
      return REVIEW_TEXTS.draftSaved;
    }
    const unchanged =
      row.submittedAt !== null &&
      row.mark === values.mark &&
      row.confidence === values.confidence &&
      row.commentsToAuthors === values.commentsToAuthors &&
      row.confidentialComments === values.confidentialComments;
    if (unchanged) return REVIEW_TEXTS.submitted;
    // A submitted mark is never lost: the one a change replaces is kept in the review's history.
    if (row.submittedAt !== null && (row.mark !== values.mark || row.confidence !== values.confidence)) {
      await insertMarkRevision(tx, {
        reviewId: row.id,
        mark: row.mark,
        confidence: row.confidence,
        givenAt: row.updatedAt,
        afterResponse: await responseSubmittedBefore(tx, paperId, now),
      });
    }
    await updateReview(tx, row.id, { ...values, submittedAt: row.submittedAt ?? now });
    await insertTimelineEntries(tx, [
      {
        actorId: user._id,
        action: row.submittedAt ? 'review_updated' : 'review_submitted',
        paperId,
        details: { reviewer: user.username, reviewerNumber: row.reviewerNumber },
      },
    ]);
    return row.submittedAt ? REVIEW_TEXTS.updated : REVIEW_TEXTS.submitted;
  });
  return { message, sheet: await getReviewSheet(ctx, user, paperId) };
}

export function saveReviewDraft(ctx: Ctx, user: PublicUser, paperId: string, input: ReviewDraftBody) {
  return writeReview(ctx, user, paperId, reviewDraftBodySchema.parse(input), false);
}

export function submitReview(ctx: Ctx, user: PublicUser, paperId: string, input: ReviewSubmitBody) {
  return writeReview(ctx, user, paperId, reviewSubmitBodySchema.parse(input), true);
}
