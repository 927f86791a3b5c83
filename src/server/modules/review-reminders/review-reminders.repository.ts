import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { reviewReminderRounds, reviewReminderSetting } from '@server/db/schema/index.ts';

/** The setting; `lock` holds its row to the end of the transaction, so one process sends a round at a time. */
export async function findReminderSetting(db: DbOrTx, lock = false) {
  const query = db.select().from(reviewReminderSetting);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function saveReminderSetting(db: DbOrTx, automatic: boolean, updatedBy: string): Promise<void> {
  await db
    .insert(reviewReminderSetting)
    .values({ id: 1, automatic, updatedBy })
    .onConflictDoUpdate({ target: reviewReminderSetting.id, set: { automatic, updatedBy, updatedAt: new Date() } });
}

export function findRoundsOfDeadline(db: DbOrTx, deadline: Date) {
  return db.select().from(reviewReminderRounds).where(eq(reviewReminderRounds.deadline, deadline));
}

/** Records a round as sent; false when it already was. */
export async function recordRound(db: DbOrTx, deadline: Date, daysBefore: number, members: number): Promise<boolean> {
  const inserted = await db
    .insert(reviewReminderRounds)
    .values({ deadline, daysBefore, members })
    .onConflictDoNothing()
    .returning({ daysBefore: reviewReminderRounds.daysBefore });
  return inserted.length > 0;
}
