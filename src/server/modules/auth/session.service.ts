import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { presentUser } from '../users/user.presenter.ts';
import { deleteSessionByHash, deleteSessionsOfUser, findUserBySessionHash, insertSession } from './auth.repository.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function createSession(ctx: Pick<AppContext, 'db'>, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(ctx.db, { userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(ctx: Pick<AppContext, 'db' | 'sessions'>, token: string): Promise<PublicUser | null> {
  const tokenHash = hashToken(token);
  const cached = ctx.sessions.get(tokenHash);
  if (cached) return cached;
  const mark = ctx.sessions.revocationMark();
  const row = await findUserBySessionHash(ctx.db, tokenHash);
  if (!row) return null;
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
