import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { committeeMembers, sessions, users } from '@server/db/schema/index.ts';
import { liveSession } from '../sessions/sessions.repository.ts';

/** Which of these session token hashes still name a live session: one statement for every open stream. */
export async function liveTokenHashes(
  db: DbOrTx,
  tokenHashes: readonly string[],
  idleMs: { admin: number; author: number },
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, [...tokenHashes]), liveSession(idleMs)));
  return new Set(rows.map((row) => row.tokenHash));
}

/** Which of these accounts are accepted committee members now. */
export async function acceptedMembers(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(and(inArray(committeeMembers.userId, [...userIds]), eq(committeeMembers.status, 'accepted')));
  return new Set(rows.map((row) => row.userId).filter((id): id is string => id !== null));
}
