import { and, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { sessions, users } from '@server/db/schema/index.ts';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** A session is live before its absolute end and while used within its owner's idle time. */
export function liveSession(idleMs: { admin: number; author: number }): SQL {
  return and(
    gt(sessions.expiresAt, sql`now()`),
    sql`${sessions.lastSeenAt} > now() - (case when ${users.role} = 'admin' then ${idleMs.admin}::bigint else ${idleMs.author}::bigint end) * interval '1 millisecond'`,
  )!;
}

export async function findUserBySessionHash(db: DbOrTx, tokenHash: string, idleMs: { admin: number; author: number }) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      customUserId: users.customUserId,
      role: users.role,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      createdAt: users.createdAt,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), liveSession(idleMs)))
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteOtherSessions(db: DbOrTx, userId: string, keepTokenHash: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function liveSessionsOf(db: DbOrTx, userId: string, idleMs: { admin: number; author: number }) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      address: sessions.address,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), liveSession(idleMs)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one session of this user; the token hash of what was deleted, if it was theirs. */
export async function deleteSessionOfUser(db: DbOrTx, userId: string, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  return row?.tokenHash;
}

/** Deletes every session that can no longer be used (past its end, or idle too long); how many. */
export async function deleteEndedSessions(db: DbOrTx, idleMs: { admin: number; author: number }): Promise<number> {
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`not (${liveSession(idleMs)})`);
  const deleted = await db.delete(sessions).where(inArray(sessions.id, ended)).returning({ id: sessions.id });
  return deleted.length;
}
