import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { passwordResets } from '@server/db/schema/index.ts';

export async function insertPasswordReset(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Marks the token used and returns its user in one statement, so a token works exactly once. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Every outstanding link of the user stops working: only the newest request, used once, resets. */
export async function voidPasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Deletes the reset tokens past their end, used or not (none can reset any more); how many. */
export async function deleteExpiredPasswordResets(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, sql`now()`))
    .returning({ id: passwordResets.id });
  return deleted.length;
}
