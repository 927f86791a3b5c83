import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PreferenceBid } from '@shared/domain/bidding.ts';
import { ASSIGNABLE_STATUSES } from '@shared/domain/assignment.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { auditLog, committeeBids, committeeMembers, committeeReviews, papers } from '@server/db/schema/index.ts';

const memberColumns = {
  id: committeeMembers.id,
  name: committeeMembers.name,
  email: committeeMembers.email,
  status: committeeMembers.status,
  themes: committeeMembers.themes,
  maxPapers: committeeMembers.maxPapers,
};

/** The members who may be assigned: those who accepted, by name. */
export function findAcceptedMembers(db: DbOrTx) {
  return db
    .select(memberColumns)
    .from(committeeMembers)
    .where(eq(committeeMembers.status, 'accepted'))
    .orderBy(asc(committeeMembers.name), asc(committeeMembers.id));
}

export type AssignableMember = Awaited<ReturnType<typeof findAcceptedMembers>>[number];

/**
 * These members, locked to the end of the transaction in one order (so that two organisers
 * assigning at once wait for each other instead of deadlocking): their loads are counted and
 * raised under the lock, so no maximum is passed by a race.
 */
export function lockMembers(db: DbOrTx, memberIds: readonly string[]) {
  return db
    .select(memberColumns)
    .from(committeeMembers)
    .where(inArray(committeeMembers.id, [...memberIds]))
    .orderBy(asc(committeeMembers.id))
    .for('update');
}

/**
 * Holds the papers against a decision until the transaction ends. An assignment takes `update`:
 * it numbers the reviewers from the paper's row and may start its review (the paper's state
 * machine locks the row for update too), so assignments to one paper run one after the other. A
 * review's submission takes `no key update`, as the marks it writes are combined onto the
 * paper's row (drizzle/0022): two submissions both holding a share lock would each wait for the
 * other to write that row.
 */
export function lockPapersForAssignment(db: DbOrTx, paperIds: readonly string[], strength: 'update' | 'no key update') {
  return db
    .select({
      id: papers.id,
      title: papers.title,
      theme: papers.theme,
      status: papers.status,
      lastReviewerNumber: papers.lastReviewerNumber,
    })
    .from(papers)
    .where(inArray(papers.id, [...paperIds]))
    .orderBy(asc(papers.id))
    .for(strength);
}

/** Records on each paper the highest reviewer number its reviews now carry, so none is given twice. */
export async function saveLastReviewerNumbers(db: DbOrTx, paperIds: readonly string[]): Promise<void> {
  if (paperIds.length === 0) return;
  await db
    .update(papers)
    .set({
      lastReviewerNumber: sql`greatest(${papers.lastReviewerNumber}, (select max(${committeeReviews.reviewerNumber})
        from ${committeeReviews} where ${committeeReviews.paperId} = ${papers.id}))`,
    })
    .where(inArray(papers.id, [...paperIds]));
}

export function findPaperForAssignment(db: DbOrTx, paperId: string) {
  return db
    .select({ id: papers.id, title: papers.title, theme: papers.theme, status: papers.status })
    .from(papers)
    .where(eq(papers.id, paperId))
    .then(([row]) => row);
}

/** The papers still being decided, oldest first: what the planner assigns. */
export function findAssignablePapers(db: DbOrTx) {
  return db
    .select({ id: papers.id, title: papers.title, theme: papers.theme })
    .from(papers)
    .where(inArray(papers.status, [...ASSIGNABLE_STATUSES]))
    .orderBy(asc(papers.submittedAt), asc(papers.id));
}

/** How many papers each member reviews (every paper, decided or not), for these members or all. */
export async function countLoads(db: DbOrTx, memberIds?: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ memberId: committeeReviews.memberId, load: count() })
    .from(committeeReviews)
    .where(memberIds ? inArray(committeeReviews.memberId, [...memberIds]) : undefined)
    .groupBy(committeeReviews.memberId);
  return new Map(rows.map((row) => [row.memberId, row.load]));
}

/** Each member's reviews: assigned, and of those submitted. */
/**
 * Each member's reviews: assigned, submitted and, once the review deadline has passed
 * (`pastDeadline`), late: not submitted of a paper still undecided.
 */
export async function countReviewsByMember(
  db: DbOrTx,
  pastDeadline: boolean,
): Promise<Map<string, { assigned: number; reviewed: number; late: number }>> {
  const rows = await db
    .select({
      memberId: committeeReviews.memberId,
      assigned: count(),
      reviewed: count(committeeReviews.submittedAt),
      late: pastDeadline
        ? sql<number>`(count(*) filter (where ${committeeReviews.submittedAt} is null
            and ${inArray(papers.status, [...ASSIGNABLE_STATUSES])}))::int`
        : sql<number>`0`,
    })
    .from(committeeReviews)
    .innerJoin(papers, eq(papers.id, committeeReviews.paperId))
    .groupBy(committeeReviews.memberId);
  return new Map(rows.map(({ memberId, ...counts }) => [memberId, counts]));
}

/**
 * Who reviews which of these papers (all papers when none are named), with whether the member is
 * still on the committee and whether the review was submitted.
 */
export function findAssignedPairs(db: DbOrTx, paperIds?: readonly string[]) {
  return db
    .select({
      memberId: committeeReviews.memberId,
      paperId: committeeReviews.paperId,
      memberStatus: committeeMembers.status,
      submitted: sql<boolean>`${committeeReviews.submittedAt} is not null`,
    })
    .from(committeeReviews)
    .innerJoin(committeeMembers, eq(committeeMembers.id, committeeReviews.memberId))
    .where(paperIds ? inArray(committeeReviews.paperId, [...paperIds]) : undefined);
}

export type AssignedPair = Awaited<ReturnType<typeof findAssignedPairs>>[number];

/** The paper's reviews with their members, whether still on the committee or not. */
export function findReviewsOfPaper(db: DbOrTx, paperId: string) {
  return db
    .select({
      memberId: committeeReviews.memberId,
      reviewerNumber: committeeReviews.reviewerNumber,
      draftSavedAt: committeeReviews.draftSavedAt,
      submittedAt: committeeReviews.submittedAt,
      ...memberColumns,
    })
    .from(committeeReviews)
    .innerJoin(committeeMembers, eq(committeeMembers.id, committeeReviews.memberId))
    .where(eq(committeeReviews.paperId, paperId))
    .orderBy(asc(committeeReviews.reviewerNumber));
}

/** Every bid, or those on one paper, by member and paper. */
export function findBids(db: DbOrTx, paperId?: string) {
  return db
    .select({ memberId: committeeBids.memberId, paperId: committeeBids.paperId, bid: committeeBids.bid })
    .from(committeeBids)
    .where(paperId ? eq(committeeBids.paperId, paperId) : undefined) as Promise<
    { memberId: string; paperId: string; bid: PreferenceBid }[]
  >;
}

/** Rows per INSERT: well inside PostgreSQL's 65,535 bound parameters. */
const INSERT_BATCH = 2000;

/** The pairs inserted: a pair already there (another organiser's, a moment ago) is left as it was. */
export async function insertAssignments(db: DbOrTx, rows: (typeof committeeReviews.$inferInsert)[]) {
  const inserted: { memberId: string; paperId: string; reviewerNumber: number }[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    inserted.push(
      ...(await db
        .insert(committeeReviews)
        .values(rows.slice(start, start + INSERT_BATCH))
        // Only the pair may already be there: a reviewer number given twice is an error, not a skip.
        .onConflictDoNothing({ target: [committeeReviews.memberId, committeeReviews.paperId] })
        .returning({
          memberId: committeeReviews.memberId,
          paperId: committeeReviews.paperId,
          reviewerNumber: committeeReviews.reviewerNumber,
        })),
    );
  }
  return inserted;
}

/**
 * Takes an assignment back: never a submitted review, and a draft only when `evenADraft` (its
 * member has left the committee or is conflicted). The conditions are the DELETE's own, so a
 * draft saved or a review submitted meanwhile is not lost. The number the reviewer had, if taken back.
 */
export async function deleteAssignment(
  db: DbOrTx,
  memberId: string,
  paperId: string,
  evenADraft: boolean,
): Promise<{ reviewerNumber: number } | undefined> {
  const deleted = await db
    .delete(committeeReviews)
    .where(
      and(
        eq(committeeReviews.memberId, memberId),
        eq(committeeReviews.paperId, paperId),
        isNull(committeeReviews.submittedAt),
        evenADraft ? undefined : isNull(committeeReviews.draftSavedAt),
      ),
    )
    .returning({ reviewerNumber: committeeReviews.reviewerNumber });
  return deleted[0];
}

/** The committee's steps on papers' timelines, in batches like the assignments they record. */
export async function insertTimelineEntries(db: DbOrTx, entries: (typeof auditLog.$inferInsert)[]) {
  for (let start = 0; start < entries.length; start += INSERT_BATCH)
    await db.insert(auditLog).values(entries.slice(start, start + INSERT_BATCH));
}
