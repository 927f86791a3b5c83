import { currentConference } from '@shared/conference.ts';
import type { ForgotPasswordBody, LoginBody, RegisterBody, sessionResponseSchema } from '@shared/schemas/auth.ts';
import type { z } from 'zod';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { countHit } from '@server/db/rate-limit-counters.ts';
import { AppError } from '@server/lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@server/lib/passwords.ts';
import { hashToken, newToken } from '@server/lib/tokens.ts';
import { presentUser } from '../users/user.presenter.ts';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repository.ts';
import { createUser, EmailTakenError } from '../users/users.service.ts';
import {
  consumePasswordReset,
  deleteExpiredPasswordResets,
  insertPasswordReset,
  voidPasswordResets,
} from './auth.repository.ts';
import { deleteOtherSessions, deleteSessionsOfUser } from '../sessions/sessions.repository.ts';
import { assertAcceptablePassword } from '../password-policy/password-policy.service.ts';
import {
  assertMayTrySignIn,
  forgiveFailures,
  recordSignInFailure,
  recordSignInSuccess,
} from '../sign-in-guard/sign-in-guard.service.ts';
import { queueSecurityMail } from '../security-mail/security-mail.service.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import { TWO_FACTOR_MESSAGES } from '@shared/schemas/two-factor.ts';
import { deviceOf } from '@server/lib/user-agent.ts';
import { consumeSecondFactor, mustEnrolTwoFactor } from '../two-factor/two-factor.service.ts';
import { createSession, type SessionOrigin, type SignedIn } from '../sessions/sessions.service.ts';
import { findAcceptedMembership } from '../committee/committee.repository.ts';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  registrationClosed: 'Registrations are closed. Please contact support for assistance.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Password reset successful! You can now login with your new password.',
  loggedOut: 'Logged out successfully.',
  resetThrottled: (wait: string) => `Too many password reset requests for this email. Please try again in ${wait}.`,
} as const;

/** A reset link is good for 30 minutes, once; a newer request or any completed reset voids it. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * Reset requests per e-mail, known or not: counted in the database (`rate_limit_hits`, the
 * e-mail kept only as a hash), so every process of the site shares one allowance.
 */
export const RESET_REQUEST_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export async function register(ctx: AppContext, input: RegisterBody, origin: SessionOrigin): Promise<SignedIn> {
  if (!ctx.config.registrationOpen) throw new AppError('forbidden', AUTH_MESSAGES.registrationClosed);
  try {
    const row = await createUser(ctx, input);
    const session = await createSession(ctx, row.id, origin);
    return { user: presentUser(row), ...session };
  } catch (error) {
    if (error instanceof EmailTakenError) throw new AppError('conflict', error.message);
    throw error;
  }
}

/** Signs in; wrong passwords are throttled per account and address (sign-in-guard), never by locking the account. */
export async function login(ctx: AppContext, input: LoginBody, origin: Required<SessionOrigin>): Promise<SignedIn> {
  const row = await findUserByEmail(ctx.db, input.email);
  const attempt = { account: input.email, source: origin.address, userId: row?.id, challenge: input.challenge };
  const subject = { account: input.email, userId: row?.id, ...origin };
  try {
    await assertMayTrySignIn(ctx, attempt);
  } catch (error) {
    await recordAuthEvent(ctx.db, 'sign_in_refused', subject);
    throw error;
  }
  const valid = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!row || !valid) {
    await recordSignInFailure(ctx, attempt);
    await recordAuthEvent(ctx.db, 'sign_in_failed', subject);
    throw new AppError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
  }
  if (row.twoFactorEnabledAt) {
    // Asked only once the password was right (which this answer confirms): the code is what stands
    // between a leaked password and the account, and each wrong one counts as a failed sign-in.
    if (!input.totp) throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.codeNeeded, 'two_factor_required');
    const used = await consumeSecondFactor(ctx, row.id, input.totp);
    if (!used) {
      await recordSignInFailure(ctx, attempt);
      await recordAuthEvent(ctx.db, 'second_factor_failed', subject);
      throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.codeWrong, 'two_factor_required');
    }
    if (used === 'recovery') await recordAuthEvent(ctx.db, 'recovery_code_used', subject);
  }
  await recordSignInSuccess(ctx, { ...attempt, userId: row.id });
  await recordAuthEvent(ctx.db, 'sign_in_succeeded', subject);
  const session = await createSession(ctx, row.id, origin);
  if (row.role === 'admin') {
    // An organizer's account opens every paper and score: its owner hears of each new sign-in.
    await queueSecurityMail(ctx, ctx.db, row, {
      subject: 'new sign-in to your organizer account',
      what: `Someone signed in to your organizer account from ${deviceOf(origin.userAgent)} at ${origin.address}`,
    });
    ctx.outbox.kick();
  }
  return { user: presentUser(row), ...session };
}

/**
 * Answers the same whether or not the e-mail is known. The mail is always queued (sent in the
 * background with retries); without a mail server it stays unsent and, in development mode as the
 * specification describes, the link is logged too: the outbox never shows a security mail's text.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: ForgotPasswordBody,
  origin: SessionOrigin,
): Promise<{ devMode: boolean }> {
  const devMode = !ctx.outbox.canSend;
  const requests = await countHit(ctx.db, `password-reset|${hashToken(input.email)}`, RESET_REQUEST_LIMIT.windowMs);
  if (requests.current > RESET_REQUEST_LIMIT.max)
    throw new AppError('rate_limited', AUTH_MESSAGES.resetThrottled(minutesText(requests.ttl)));

  const row = await findUserByEmail(ctx.db, input.email);
  await recordAuthEvent(ctx.db, 'reset_requested', { account: input.email, userId: row?.id, ...origin });
  if (!row) return { devMode };

  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await voidPasswordResets(tx, row.id);
    await insertPasswordReset(tx, {
      userId: row.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  const link = `${ctx.config.publicUrl}${ctx.config.basePath}/reset-password/${token}`;
  if (devMode) {
    // Development mode as the specification describes: the link is printed for the developer.
    ctx.log.warn(`[development mode] password reset link for ${row.email}: ${link}`);
  }
  await ctx.outbox.enqueue(ctx.db, {
    kind: 'security',
    recipientId: row.id,
    to: row.email,
    subject: `${currentConference().shortName}: reset your password`,
    text: [
      `Hello ${row.username},`,
      '',
      `Someone asked to reset the password of your ${currentConference().shortName} account.`,
      'Open this link within 30 minutes to choose a new password (it works once, and only the newest link works):',
      link,
      '',
      'If it was not you, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  });
  ctx.outbox.kick();
  return { devMode };
}

/**
 * Stores a new password: every outstanding reset link of the account is void and every session
 * ends, except the one kept (the person's own, when they chose the password signed in).
 * Callers forget the user's cached sessions after the commit.
 */
export async function storeNewPassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
  keepSessionTokenHash?: string,
): Promise<void> {
  await updateUser(tx, userId, { passwordHash });
  await voidPasswordResets(tx, userId);
  if (keepSessionTokenHash) await deleteOtherSessions(tx, userId, keepSessionTokenHash);
  else await deleteSessionsOfUser(tx, userId);
}

/** Sets the new password and signs the user out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  origin: SessionOrigin,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const owner = await consumePasswordReset(tx, hashToken(token));
    if (!owner) throw new AppError('bad_request', AUTH_MESSAGES.resetLinkInvalid);
    // Refused here, the link stays unused: the owner can try another password with it.
    const row = (await findUserById(tx, owner))!;
    await assertAcceptablePassword(password, row);
    await storeNewPassword(tx, owner, passwordHash);
    await queueSecurityMail(ctx, tx, row, {
      subject: 'your password was reset',
      what: 'The password of your account was reset through an e-mailed link',
    });
    await recordAuthEvent(tx, 'reset_completed', { account: row.email, userId: row.id, ...origin });
    return row;
  });
  ctx.outbox.kick();
  await forgiveFailures(ctx, user.email);
  // After the commit: no request can re-cache a session the transaction was deleting.
  ctx.sessions.forgetUser(user.id);
}

/** Deletes the reset tokens past their end; how many. */
export function purgeExpiredPasswordResets(db: DbOrTx): Promise<number> {
  return deleteExpiredPasswordResets(db);
}

/**
 * What every page needs at load, for the signed-in user or a visitor (user null): answered by
 * `GET /auth/session` and written into each page served, so the two cannot differ.
 */
export async function siteSession(
  ctx: Pick<AppContext, 'config' | 'db'>,
  user: PublicUser | null,
): Promise<z.infer<typeof sessionResponseSchema>> {
  return {
    success: true,
    user,
    registrationOpen: ctx.config.registrationOpen,
    mustEnrolTwoFactor: mustEnrolTwoFactor(ctx, user),
    committeeMember: user !== null && (await findAcceptedMembership(ctx.db, user._id)) !== undefined,
  };
}
