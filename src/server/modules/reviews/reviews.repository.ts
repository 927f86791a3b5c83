import { and, asc, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { ASSIGNABLE_STATUSES } from '@shared/domain/assignment.ts';
import type { DbOrTx } from '@server/db/client.ts';
import {
  authorResponses,
  committeeMembers,
  committeeReviews,
  papers,
  reviewMarkRevisions,
} from '@server/db/schema/index.ts';

const reviewColumns = {
  id: committeeReviews.id,
  paperId: papers.id,
  title: papers.title,
  theme: papers.theme,
  status: papers.status,
  abstractFileId: papers.abstractFileId,
  mark: committeeReviews.mark,
  confidence: committeeReviews.confidence,
  commentsToAuthors: committeeReviews.commentsToAuthors,
  confidentialComments: committeeReviews.confidentialComments,
  draftSavedAt: committeeReviews.draftSavedAt,
  submittedAt: committeeReviews.submittedAt,
  updatedAt: committeeReviews.updatedAt,
  assignedAt: committeeReviews.assignedAt,
  reviewerNumber: committeeReviews.reviewerNumber,
};

/** A member's reviews with their papers, in the order they were assigned. */
export function findReviewsOfMember(db: DbOrTx, memberId: string) {
  return db
    .select(reviewColumns)
    .from(committeeReviews)
    .innerJoin(papers, eq(papers.id, committeeReviews.paperId))
    .where(eq(committeeReviews.memberId, memberId))
    .orderBy(asc(committeeReviews.assignedAt), asc(papers.title));
}

export type MemberReviewRow = Awaited<ReturnType<typeof findReviewsOfMember>>[number];

/** The member's review of the paper; with `lock`, held until the transaction ends (a double click waits). */
export async function findReviewOfMember(
  db: DbOrTx,
  memberId: string,
  paperId: string,
  lock = false,
): Promise<MemberReviewRow | undefined> {
  const query = db
    .select(reviewColumns)
    .from(committeeReviews)
    .innerJoin(papers, eq(papers.id, committeeReviews.paperId))
    .where(and(eq(committeeReviews.memberId, memberId), eq(committeeReviews.paperId, paperId)));
  const [row] = lock ? await query.for('update', { of: committeeReviews }) : await query;
  return row;
}

export async function updateReview(
  db: DbOrTx,
  reviewId: string,
  values: Partial<
    Pick<
      typeof committeeReviews.$inferInsert,
      'mark' | 'confidence' | 'commentsToAuthors' | 'confidentialComments' | 'draftSavedAt' | 'submittedAt'
    >
  >,
): Promise<void> {
  await db
    .update(committeeReviews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(committeeReviews.id, reviewId));
}

/** Every review of a paper with its reviewer, by reviewer number (the order of assignment): what organisers read. */
export function findReviewsOfPaperForOrganisers(db: DbOrTx, paperId: string) {
  return db
    .select({
      reviewId: committeeReviews.id,
      memberId: committeeReviews.memberId,
      reviewerNumber: committeeReviews.reviewerNumber,
      name: committeeMembers.name,
      memberStatus: committeeMembers.status,
      mark: committeeReviews.mark,
      confidence: committeeReviews.confidence,
      commentsToAuthors: committeeReviews.commentsToAuthors,
      confidentialComments: committeeReviews.confidentialComments,
      draftSavedAt: committeeReviews.draftSavedAt,
      submittedAt: committeeReviews.submittedAt,
    })
    .from(committeeReviews)
    .innerJoin(committeeMembers, eq(committeeMembers.id, committeeReviews.memberId))
    .where(eq(committeeReviews.paperId, paperId))
    .orderBy(asc(committeeReviews.reviewerNumber));
}

/** Reviews not yet submitted, of accepted members, on papers still being decided: what a reminder lists. */
export function findUnfinishedReviews(db: DbOrTx) {
  return db
    .select({
      memberId: committeeMembers.id,
      name: committeeMembers.name,
      email: committeeMembers.email,
      paperId: papers.id,
      title: papers.title,
    })
    .from(committeeReviews)
    .innerJoin(committeeMembers, eq(committeeMembers.id, committeeReviews.memberId))
    .innerJoin(papers, eq(papers.id, committeeReviews.paperId))
    .where(
      and(
        isNull(committeeReviews.submittedAt),
        eq(committeeMembers.status, 'accepted'),
        inArray(papers.status, [...ASSIGNABLE_STATUSES]),
      ),
    )
    .orderBy(asc(committeeMembers.name), asc(committeeReviews.assignedAt));
}

/** Keeps a submitted review's mark before a change replaces it. */
export async function insertMarkRevision(
  db: DbOrTx,
  values: { reviewId: string; mark: number | null; confidence: number | null; givenAt: Date; afterResponse: boolean },
): Promise<void> {
  await db.insert(reviewMarkRevisions).values(values);
}

/** Whether the paper's author had submitted a response to the reviews before `before`. */
export async function responseSubmittedBefore(db: DbOrTx, paperId: string, before: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: authorResponses.id })
    .from(authorResponses)
    .where(
      and(
        eq(authorResponses.paperId, paperId),
        isNotNull(authorResponses.submittedAt),
        lt(authorResponses.submittedAt, before),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The earlier marks of these reviews, newest first. */
export function findMarkRevisions(db: DbOrTx, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reviewMarkRevisions)
    .where(inArray(reviewMarkRevisions.reviewId, [...reviewIds]))
    .orderBy(desc(reviewMarkRevisions.replacedAt), desc(reviewMarkRevisions.id));
}
