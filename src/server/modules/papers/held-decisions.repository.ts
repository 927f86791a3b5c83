import { eq, sql } from 'drizzle-orm';
import type { DecisionReleaseMode } from '@shared/domain/decision-release.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { decisionReleaseSetting, heldDecisions } from '@server/db/schema/index.ts';

/**
 * The held decisions as a status change reads and writes them (decision-holding.ts); their
 * release and the setting's page are the decision-release module's.
 */
export type HeldDecisionRow = typeof heldDecisions.$inferSelect;

export async function findMode(db: DbOrTx): Promise<DecisionReleaseMode | undefined> {
  const [row] = await db.select({ mode: decisionReleaseSetting.mode }).from(decisionReleaseSetting);
  return row?.mode;
}

export async function findHeld(db: DbOrTx, paperId: string): Promise<HeldDecisionRow | undefined> {
  const [row] = await db.select().from(heldDecisions).where(eq(heldDecisions.paperId, paperId));
  return row;
}

/** Holds a decision, replacing the one already held for the paper: the last decision entered is the one released. */
export async function upsertHeld(db: DbOrTx, values: Omit<HeldDecisionRow, 'decidedAt'>): Promise<void> {
  const { paperId, ...rest } = values;
  await db
    .insert(heldDecisions)
    .values(values)
    .onConflictDoUpdate({ target: heldDecisions.paperId, set: { ...rest, decidedAt: new Date() } });
  await bumpListVersion(db);
}

export async function deleteHeld(db: DbOrTx, paperId: string): Promise<boolean> {
  const rows = await db
    .delete(heldDecisions)
    .where(eq(heldDecisions.paperId, paperId))
    .returning({ paperId: heldDecisions.paperId });
  if (rows.length > 0) await bumpListVersion(db);
  return rows.length > 0;
}

/**
 * The paper list's totals and places are kept per version of the data (cache_versions, bumped by
 * triggers on papers): a held decision is listed ("Decision held" filter) without writing the
 * paper, so its writes bump the version themselves.
 */
export async function bumpListVersion(db: DbOrTx): Promise<void> {
  await db.execute(sql`update cache_versions set version = version + 1 where name = 'dashboard'`);
}
