import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { hashToken, newToken } from '@server/lib/tokens.ts';
import { presentUser } from '../users/user.presenter.ts';
import { getUserForAdmin } from '../users/users.service.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import {
  deleteSessionByHash,
  deleteSessionsOfUser,
  findUserBySessionHash,
  insertSession,
  touchSession,
  deleteEndedSessions,
} from './sessions.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however busy (ASVS 5.0 V7.3.2). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** ...and earlier when unused this long: an organizer's after a working day, an author's after a week. */
export const SESSION_IDLE_MS = { admin: 8 * 60 * 60 * 1000, author: 7 * DAY_MS } as const;

const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Where a session was opened, shown to its owner on the sessions page. */
export interface SessionOrigin {
  userAgent?: string;
  address?: string;
}

/** An account just signed in (or up): who, and the session's token and end. */
export interface SignedIn {
  user: PublicUser;
  token: string;
  expiresAt: Date;
}

export async function createSession(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  origin: SessionOrigin = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(ctx.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: (origin.userAgent ?? '').slice(0, 512),
    address: origin.address ?? '',
  });
  return { token, expiresAt };
}

export async function findSessionUser(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  token: string,
): Promise<PublicUser | null> {
  const tokenHash = hashToken(token);
  const cached = ctx.sessions.get(tokenHash);
  if (cached) return cached;
  const mark = ctx.sessions.revocationMark();
  const row = await findUserBySessionHash(ctx.db, tokenHash, SESSION_IDLE_MS);
  if (!row) return null;
  // Last seen to the minute: enough for the idle time and the sessions page, and one write a minute at most.
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) await touchSession(ctx.db, row.sessionId);
  const user = presentUser(row);
  ctx.sessions.set(tokenHash, user, mark);
  return user;
}

export async function endSession(ctx: Pick<AppContext, 'db' | 'sessions'>, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await deleteSessionByHash(ctx.db, tokenHash);
  ctx.sessions.forgetToken(tokenHash);
}

/** Signs a user out everywhere (password reset, admin change). Call outside any transaction. */
export async function endAllSessions(ctx: Pick<AppContext, 'db' | 'sessions'>, userId: string): Promise<void> {
  await deleteSessionsOfUser(ctx.db, userId);
  ctx.sessions.forgetUser(userId);
}

export const USER_SIGNED_OUT = 'The user was signed out everywhere.';

/** An organizer signs a user out everywhere (a lost laptop, a shared account): effective on the next request. */
export async function endSessionsOfUser(
  ctx: AppContext,
  admin: PublicUser,
  userId: string,
  origin: { address: string; userAgent: string },
): Promise<void> {
  const user = await getUserForAdmin(ctx, userId);
  await endAllSessions(ctx, user.id);
  await recordAuthEvent(ctx.db, 'sessions_ended_by_organizer', {
    account: user.email,
    userId: user.id,
    actorId: admin._id,
    ...origin,
  });
}

/** Deletes the sessions no one can use any more (past their end, or idle too long); how many. */
export function purgeEndedSessions(db: DbOrTx): Promise<number> {
  return deleteEndedSessions(db, SESSION_IDLE_MS);
}
