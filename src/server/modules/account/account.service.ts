import { ACCOUNT_MESSAGES, type AccountSession, type ChangePasswordBody } from '@shared/schemas/auth.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { hashPassword } from '@server/lib/passwords.ts';
import { hashToken } from '@server/lib/tokens.ts';
import { deviceOf } from '@server/lib/user-agent.ts';
import { storeNewPassword } from '../auth/auth.service.ts';
import { SESSION_IDLE_MS, type SessionOrigin } from '../sessions/sessions.service.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { assertAcceptablePassword } from '../password-policy/password-policy.service.ts';
import { assertCurrentPassword } from '../sign-in-guard/sign-in-guard.service.ts';
import * as sessionsRepo from '../sessions/sessions.repository.ts';
import { queueSecurityMail } from '../security-mail/security-mail.service.ts';

export async function listSessions(
  ctx: AppContext,
  actor: PublicUser,
  currentToken: string,
): Promise<AccountSession[]> {
  const currentHash = hashToken(currentToken);
  const rows = await sessionsRepo.liveSessionsOf(ctx.db, actor._id, SESSION_IDLE_MS);
  return rows.map((row) => ({
    _id: row.id,
    device: deviceOf(row.userAgent),
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenHash === currentHash,
  }));
}

export async function endOwnSession(
  ctx: AppContext,
  actor: PublicUser,
  sessionId: string,
  origin: Required<SessionOrigin>,
): Promise<void> {
  const tokenHash = await sessionsRepo.deleteSessionOfUser(ctx.db, actor._id, sessionId);
  if (!tokenHash) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
  ctx.sessions.forgetToken(tokenHash);
  await recordAuthEvent(ctx.db, 'session_ended', { account: actor.email, userId: actor._id, ...origin });
}

export async function endOtherSessions(
  ctx: AppContext,
  actor: PublicUser,
  currentToken: string,
  origin: Required<SessionOrigin>,
): Promise<number> {
  const ended = await sessionsRepo.deleteOtherSessions(ctx.db, actor._id, hashToken(currentToken));
  await recordAuthEvent(ctx.db, 'other_sessions_ended', { account: actor.email, userId: actor._id, ...origin });
  // The current session is looked up afresh on its next request; the others are gone.
  ctx.sessions.forgetUser(actor._id);
  return ended;
}

/**
 * A new password with the current one as proof. Every other session
 * and every outstanding reset link of the account end with the change.
 */
export async function changePassword(
  ctx: AppContext,
  actor: PublicUser,
  body: ChangePasswordBody,
  current: { token: string } & Required<SessionOrigin>,
): Promise<void> {
  const row = await assertCurrentPassword(ctx, actor, body.currentPassword, current.address);
  await assertAcceptablePassword(body.newPassword, row);
  const passwordHash = await hashPassword(body.newPassword);
  await transactionThenMail(ctx, async (tx) => {
    await storeNewPassword(tx, row.id, passwordHash, hashToken(current.token));
    await queueSecurityMail(ctx, tx, row, {
      subject: 'your password was changed',
      what: 'The password of your account was changed',
    });
    await recordAuthEvent(tx, 'password_changed', {
      account: row.email,
      userId: row.id,
      address: current.address,
      userAgent: current.userAgent,
    });
  });
  ctx.sessions.forgetUser(row.id);
}
