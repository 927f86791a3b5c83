import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DecisionReleaseMode } from '@shared/domain/decision-release.ts';
import type { PaperStatus } from '@shared/constants.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { decisionReleaseSetting, heldDecisions, papers, users } from '@server/db/schema/index.ts';

import type { HeldDecisionRow } from '../papers/held-decisions.repository.ts';

export type { HeldDecisionRow };

/** Who chose the release setting in force. */
export async function findModeSetter(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ by: decisionReleaseSetting.updatedBy }).from(decisionReleaseSetting);
  return row?.by ?? null;
}

export async function saveMode(db: DbOrTx, mode: DecisionReleaseMode, updatedBy: string): Promise<void> {
  await db
    .insert(decisionReleaseSetting)
    .values({ id: 1, mode, updatedBy })
    .onConflictDoUpdate({ target: decisionReleaseSetting.id, set: { mode, updatedBy, updatedAt: new Date() } });
}

const inScope = (paperIds: readonly string[] | undefined) =>
  paperIds ? inArray(heldDecisions.paperId, [...paperIds]) : undefined;

/**
 * Takes the next held decision of the scope out of the table, inside the caller's transaction:
 * a row another transaction is releasing is skipped rather than waited for, and a row already
 * released is gone, so concurrent releases (two organisers, two processes) each take different
 * decisions and none twice. Rolled back, the decision is held again.
 */
export async function claimNextHeld(
  tx: DbOrTx,
  paperIds: readonly string[] | undefined,
  excluded: readonly string[],
): Promise<HeldDecisionRow | undefined> {
  const where = and(
    inScope(paperIds),
    excluded.length > 0 ? notInArray(heldDecisions.paperId, [...excluded]) : undefined,
  );
  const next = tx
    .select({ paperId: heldDecisions.paperId })
    .from(heldDecisions)
    .where(where)
    .orderBy(heldDecisions.decidedAt, heldDecisions.paperId)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await tx
    .delete(heldDecisions)
    .where(eq(heldDecisions.paperId, sql`(${next})`))
    .returning();
  return row;
}

/** How many decisions are held, of each status. */
export async function countHeldByStatus(
  db: DbOrTx,
  paperIds?: readonly string[],
): Promise<{ status: PaperStatus; n: number }[]> {
  return db
    .select({ status: heldDecisions.status, n: count() })
    .from(heldDecisions)
    .where(inScope(paperIds))
    .groupBy(heldDecisions.status);
}

/**
 * The held decisions of the scope with what their authors see now, for counting the e-mails a
 * release queues (only a change the author can see is told, and only authors receive e-mail).
 */
export async function findHeldWithPapers(db: DbOrTx, paperIds?: readonly string[]) {
  return db
    .select({
      paperId: heldDecisions.paperId,
      status: heldDecisions.status,
      review: heldDecisions.review,
      paperStatus: papers.status,
      paperReview: papers.review,
      submitterRole: users.role,
    })
    .from(heldDecisions)
    .innerJoin(papers, eq(papers.id, heldDecisions.paperId))
    .innerJoin(users, eq(users.id, papers.userId))
    .where(inScope(paperIds));
}
