import { desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DeadlineStep } from '@shared/domain/deadlines.ts';
import type { DbOrTx } from '@server/db/client.ts';
import {
  authorResponseSetting,
  conferenceDateChanges,
  conferenceDates,
  deadlineExtensions,
  users,
} from '@server/db/schema/index.ts';
import { literalRows } from '@server/db/literal-values.ts';

export type ConferenceDateRow = typeof conferenceDates.$inferSelect;
export type DeadlineExtensionRow = typeof deadlineExtensions.$inferSelect;

export async function findConferenceDateRows(db: DbOrTx): Promise<ConferenceDateRow[]> {
  return db.select().from(conferenceDates);
}

/** Two admins saving dates at once take turns, so each validates against the other's result. */
export async function lockConferenceDates(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`LOCK TABLE conference_dates IN SHARE ROW EXCLUSIVE MODE`);
}

export async function upsertConferenceDate(tx: DbOrTx, key: string, value: string, by: string): Promise<void> {
  await tx
    .insert(conferenceDates)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: conferenceDates.key, set: { value, updatedBy: by, updatedAt: sql`now()` } });
}

export async function insertDateChanges(
  tx: DbOrTx,
  rows: (typeof conferenceDateChanges.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(conferenceDateChanges).values(rows);
}

export async function findDateChanges(db: DbOrTx, limit: number) {
  return db
    .select({ change: conferenceDateChanges, changedBy: users.username })
    .from(conferenceDateChanges)
    .leftJoin(users, eq(users.id, conferenceDateChanges.changedBy))
    .orderBy(desc(conferenceDateChanges.changedAt), desc(conferenceDateChanges.id))
    .limit(literalRows(limit));
}

export async function findExtensionsOfPapers(db: DbOrTx, paperIds: string[]): Promise<DeadlineExtensionRow[]> {
  if (!paperIds.length) return [];
  return db.select().from(deadlineExtensions).where(inArray(deadlineExtensions.paperId, paperIds));
}

export async function upsertExtension(
  tx: DbOrTx,
  values: { paperId: string; step: DeadlineStep; closesAt: string; reason: string; grantedBy: string },
): Promise<void> {
  await tx
    .insert(deadlineExtensions)
    .values(values)
    .onConflictDoUpdate({
      target: [deadlineExtensions.paperId, deadlineExtensions.step],
      set: { closesAt: values.closesAt, reason: values.reason, grantedBy: values.grantedBy, grantedAt: sql`now()` },
    });
}

export async function deleteExtension(tx: DbOrTx, paperId: string, step: DeadlineStep): Promise<void> {
  await tx
    .delete(deadlineExtensions)
    .where(sql`${deadlineExtensions.paperId} = ${paperId} AND ${deadlineExtensions.step} = ${step}`);
}

/** When an admin last saved any of these dates; null when none was ever saved. */
export async function lastSavedAt(db: DbOrTx, keys: readonly string[]): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(conferenceDates.updatedAt) })
    .from(conferenceDates)
    .where(inArray(conferenceDates.key, [...keys]));
  return row?.at ?? null;
}

/** The author response's word limit an organiser saved; undefined: the default. */
export async function findResponseWordLimit(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db.select({ wordLimit: authorResponseSetting.wordLimit }).from(authorResponseSetting);
  return row?.wordLimit;
}

export async function upsertResponseWordLimit(db: DbOrTx, wordLimit: number, by: string): Promise<void> {
  await db
    .insert(authorResponseSetting)
    .values({ id: 1, wordLimit, updatedBy: by })
    .onConflictDoUpdate({ target: authorResponseSetting.id, set: { wordLimit, updatedBy: by, updatedAt: sql`now()` } });
}
