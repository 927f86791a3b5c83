import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { presentUser } from '../users/user.presenter.ts';
import { deleteSessionByHash, findUserBySessionHash, insertSession } from './auth.repository.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function createSession(ctx: Pick<AppContext, 'db'>, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(ctx.db, { userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(ctx: Pick<AppContext, 'db'>, token: string): Promise<PublicUser | null> {
  const row = await findUserBySessionHash(ctx.db, hashToken(token));
  return row ? presentUser(row) : null;
}

export async function endSession(ctx: Pick<AppContext, 'db'>, token: string): Promise<void> {
  await deleteSessionByHash(ctx.db, hashToken(token));
}
