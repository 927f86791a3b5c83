import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { committeeMembers, committeeReviews, papers } from '@server/db/schema/index.ts';

/** The accounts of these members who accepted (a member is told in the site through their account). */
export async function findMemberAccounts(db: DbOrTx, memberIds: readonly string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: committeeMembers.id, userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(
      and(
        inArray(committeeMembers.id, [...memberIds]),
        eq(committeeMembers.status, 'accepted'),
        isNotNull(committeeMembers.userId),
      ),
    );
  return new Map(rows.map((row) => [row.memberId, row.userId!]));
}

/** The members still on the committee who submitted a review of the paper: who reviewed it. */
export function findSubmittedReviewers(db: DbOrTx, paperId: string) {
  return db
    .select({
      memberId: committeeReviews.memberId,
      userId: committeeMembers.userId,
      reviewerNumber: committeeReviews.reviewerNumber,
    })
    .from(committeeReviews)
    .innerJoin(committeeMembers, eq(committeeMembers.id, committeeReviews.memberId))
    .where(
      and(
        eq(committeeReviews.paperId, paperId),
        isNotNull(committeeReviews.submittedAt),
        eq(committeeMembers.status, 'accepted'),
        isNotNull(committeeMembers.userId),
      ),
    );
}

/** The members still on the committee assigned to the paper, whether or not they submitted their review. */
export function findAssignedReviewers(db: DbOrTx, paperId: string) {
  return db
    .select({ memberId: committeeReviews.memberId, userId: committeeMembers.userId })
    .from(committeeReviews)
    .innerJoin(committeeMembers, eq(committeeMembers.id, committeeReviews.memberId))
    .where(
      and(
        eq(committeeReviews.paperId, paperId),
        eq(committeeMembers.status, 'accepted'),
        isNotNull(committeeMembers.userId),
      ),
    );
}

export async function findPaperTitle(db: DbOrTx, paperId: string): Promise<string | undefined> {
  const [row] = await db.select({ title: papers.title }).from(papers).where(eq(papers.id, paperId));
  return row?.title;
}

/** Whether the site has a programme committee (a member who accepted): authors then hear of "the organisers". */
export async function committeeExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: committeeMembers.id })
    .from(committeeMembers)
    .where(eq(committeeMembers.status, 'accepted'))
    .limit(1);
  return row !== undefined;
}
