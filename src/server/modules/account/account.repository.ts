import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { liveSession } from '../auth/auth.repository.ts';

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
