import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { recoveryCodes, totpCredentials, users } from '@server/db/schema/index.ts';

export async function findCredential(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  return row;
}

/** A new secret replaces any earlier one, enrolled or not. */
export async function putCredential(db: DbOrTx, userId: string, secret: string): Promise<void> {
  await db
    .insert(totpCredentials)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secret, lastUsedStep: 0, createdAt: new Date() } });
}

/**
 * Claims a time step for the account: true once per step and account, however many requests
 * or server processes present the same code at the same moment.
 */
export async function claimStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(and(eq(totpCredentials.userId, userId), lt(totpCredentials.lastUsedStep, step)))
    .returning({ userId: totpCredentials.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ codeHash, userId })));
}

/** Uses a recovery code up: true for the one request that gets it. */
export async function claimRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.codeHash, codeHash), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Locks the user's row for the transaction and says whether two-factor sign-in is on: enrolment,
 * turning it on and turning it off queue behind one another, whichever process serves them.
 */
export async function lockTwoFactorState(db: DbOrTx, userId: string): Promise<{ enabled: boolean } | undefined> {
  const [row] = await db
    .select({ enabledAt: users.twoFactorEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row && { enabled: row.enabledAt !== null };
}

export async function setTwoFactorEnabled(db: DbOrTx, userId: string, enabledAt: Date | null): Promise<void> {
  await db.update(users).set({ twoFactorEnabledAt: enabledAt, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Turns two-factor sign-in off: the secret and every recovery code go. */
export async function removeSecondFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await setTwoFactorEnabled(db, userId, null);
}
