import { DISCUSSION_TEXTS } from '@shared/domain/discussion.ts';
import { reviewerLabel } from '@shared/domain/reviews.ts';
import {
  type DiscussionBody,
  discussionBodySchema,
  type MemberDiscussion,
  type PaperDiscussion,
} from '@shared/schemas/discussion.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { noticeDiscussionMessage } from '../committee-notices/committee-notices.service.ts';
import { findPaperProfile } from '../conflicts/conflicts.repository.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { findReviewsOfPaperForOrganisers } from '../reviews/reviews.repository.ts';
import { requireOwnReview } from '../reviews/reviews.service.ts';
import { findMessagesOfPaper, insertMessage } from './discussion.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

/** "Reviewer 1", "Reviewer 2"...: the number each was given at their assignment, the same for everyone. */
async function reviewerNumbers(ctx: Ctx, paperId: string) {
  const reviews = await findReviewsOfPaperForOrganisers(ctx.db, paperId);
  return {
    reviews,
    labelOf: new Map(reviews.map((review) => [review.memberId, reviewerLabel(review.reviewerNumber)])),
  };
}

/**
 * What the member reads below their review: once it is submitted, the other submitted reviews
 * and the messages, everyone named by their number; before, nothing.
 */
export async function getMemberDiscussion(ctx: Ctx, user: PublicUser, paperId: string): Promise<MemberDiscussion> {
  const { member, row } = await requireOwnReview(ctx.db, user, paperId);
  const { reviews, labelOf } = await reviewerNumbers(ctx, paperId);
  const label = labelOf.get(member.id) ?? '';
  if (!row.submittedAt) return { available: false, label, otherReviews: [], messages: [] };
  return {
    available: true,
    label,
    otherReviews: reviews
      .filter((review) => review.memberId !== member.id && review.submittedAt !== null)
      .map((review) => ({
        label: labelOf.get(review.memberId)!,
        mark: review.mark!,
        confidence: review.confidence!,
        commentsToAuthors: review.commentsToAuthors,
        confidentialComments: review.confidentialComments,
      })),
    messages: (await findMessagesOfPaper(ctx.db, paperId)).map((message) => ({
      _id: message.id,
      author: message.memberId
        ? (labelOf.get(message.memberId) ?? DISCUSSION_TEXTS.formerReviewer)
        : DISCUSSION_TEXTS.organisers,
      own: message.memberId === member.id,
      body: message.body,
      at: message.createdAt.toISOString(),
    })),
  };
}

export async function postMemberMessage(ctx: Ctx, user: PublicUser, paperId: string, input: DiscussionBody) {
  const { body } = discussionBodySchema.parse(input);
  const { member, row } = await requireOwnReview(ctx.db, user, paperId);
  if (!row.submittedAt) throw new AppError('forbidden', DISCUSSION_TEXTS.submitFirst);
  await ctx.db.transaction(async (tx) => {
    await insertMessage(tx, { paperId, memberId: member.id, writtenBy: user._id, body });
    await noticeDiscussionMessage(tx, paperId, member.id);
  });
  return { message: DISCUSSION_TEXTS.posted, discussion: await getMemberDiscussion(ctx, user, paperId) };
}

/** The organisers read every message with the reviewer's name and number. */
export async function getPaperDiscussion(ctx: Ctx, user: PublicUser, paperId: string): Promise<PaperDiscussion> {
  if (!(await findPaperProfile(ctx.db, paperId))) throw new AppError('not_found', PAPER_NOT_FOUND);
  const { labelOf } = await reviewerNumbers(ctx, paperId);
  return {
    messages: (await findMessagesOfPaper(ctx.db, paperId)).map((message) => ({
      _id: message.id,
      author: message.memberId
        ? `${message.memberName ?? ''} (${labelOf.get(message.memberId) ?? DISCUSSION_TEXTS.formerReviewer})`
        : `${message.writerName ?? 'An organiser'} (organiser)`,
      own: message.writtenBy === user._id,
      body: message.body,
      at: message.createdAt.toISOString(),
    })),
  };
}

export async function postOrganiserMessage(ctx: Ctx, user: PublicUser, paperId: string, input: DiscussionBody) {
  const { body } = discussionBodySchema.parse(input);
  if (!(await findPaperProfile(ctx.db, paperId))) throw new AppError('not_found', PAPER_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    await insertMessage(tx, { paperId, memberId: null, writtenBy: user._id, body });
    await noticeDiscussionMessage(tx, paperId, null);
  });
  return { message: DISCUSSION_TEXTS.posted, discussion: await getPaperDiscussion(ctx, user, paperId) };
}
