import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, sessions, users } from '../../db/schema/index.ts';

export async function insertSession(db: DbOrTx, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findUserBySessionHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      customUserId: users.customUserId,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function insertPasswordReset(db: DbOrTx, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Marks the token used and returns its user in one statement, so a token works exactly once. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
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
