import { newCaptchaProblem } from '@shared/domain/captcha.ts';
import type { AppContext } from '@server/context.ts';
import { ACCOUNT_MESSAGES } from '@shared/schemas/auth.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { AppError } from '@server/lib/app-error.ts';
import { verifyPassword } from '@server/lib/passwords.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import * as repo from './sign-in-guard.repository.ts';

/**
 * Wrong passwords slow an attacker down without locking the owner out:
 * - from one address, each failure past the first few doubles the wait before the next try;
 * - after a few failures on an account, every try on it needs a solved challenge;
 * - at most 100 failures an hour reach an account (ASVS), except from the owner's usual
 *   addresses, which only ever meet their own doubling waits.
 */
export const SIGN_IN_LIMITS = {
  accountWindowMs: 60 * 60_000,
  accountMaxFailures: 100,
  challengeAfterFailures: 3,
  sourceWindowMs: 15 * 60_000,
  sourceFreeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  usualSourceMs: 30 * 24 * 60 * 60_000,
  challengeTtlMs: 10 * 60_000,
} as const;

export const SIGN_IN_MESSAGES = {
  challengeRequired: 'Please complete the verification challenge',
  challengeWrong: 'The verification answer is wrong or has expired. Please solve the new problem.',
  slowDown: (wait: string) =>
    `Too many failed login attempts from your network for this account. Please try again in ${wait}.`,
  accountThrottled: (wait: string) => `Too many failed login attempts for this account. Please try again in ${wait}.`,
} as const;

export function waitText(ms: number): string {
  if (ms < 60_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface SignInAttempt {
  /** The e-mail as typed (normalised), whether or not an account has it. */
  account: string;
  /** The client's network address. */
  source: string;
  /** The account's user, when one exists. */
  userId?: string;
  challenge?: { id: string; answer: number };
}

/** Hands out an arithmetic problem; its answer stays on the server. */
export async function newChallenge(
  ctx: Pick<AppContext, 'db'>,
): Promise<{ challengeId: string; a: number; b: number }> {
  const now = Date.now();
  await repo.deleteChallengesBefore(ctx.db, new Date(now));
  const problem = newCaptchaProblem();
  const challengeId = await repo.insertChallenge(
    ctx.db,
    problem.a + problem.b,
    new Date(now + SIGN_IN_LIMITS.challengeTtlMs),
  );
  return { challengeId, ...problem };
}

/**
 * Refuses an attempt that comes too soon or without a needed challenge, before the password is
 * checked. An unknown e-mail meets exactly the same rules as a known one from an unusual address.
 */
export async function assertMayTrySignIn(ctx: Pick<AppContext, 'db'>, attempt: SignInAttempt): Promise<void> {
  const now = Date.now();
  const counts = await repo.countFailures(
    ctx.db,
    attempt.account,
    attempt.source,
    new Date(now - SIGN_IN_LIMITS.accountWindowMs),
    new Date(now - SIGN_IN_LIMITS.sourceWindowMs),
  );

  const beyondFree = counts.fromSource - SIGN_IN_LIMITS.sourceFreeFailures;
  if (beyondFree >= 0 && counts.latestSourceFailure) {
    const delay = Math.min(SIGN_IN_LIMITS.firstDelayMs * 2 ** beyondFree, SIGN_IN_LIMITS.maxDelayMs);
    const wait = counts.latestSourceFailure.getTime() + delay - now;
    if (wait > 0) throw new AppError('rate_limited', SIGN_IN_MESSAGES.slowDown(waitText(wait)));
  }

  if (counts.account >= SIGN_IN_LIMITS.accountMaxFailures) {
    const usual = attempt.userId
      ? await repo.signedInFromSince(
          ctx.db,
          attempt.userId,
          attempt.source,
          new Date(now - SIGN_IN_LIMITS.usualSourceMs),
        )
      : false;
    if (!usual) {
      const wait = (counts.oldestAccountFailure?.getTime() ?? now) + SIGN_IN_LIMITS.accountWindowMs - now;
      throw new AppError('rate_limited', SIGN_IN_MESSAGES.accountThrottled(waitText(wait)));
    }
  }

  if (counts.account >= SIGN_IN_LIMITS.challengeAfterFailures) {
    if (!attempt.challenge) throw new AppError('bad_request', SIGN_IN_MESSAGES.challengeRequired, 'challenge_required');
    const answer = await repo.takeChallenge(ctx.db, attempt.challenge.id, new Date(now));
    if (answer === undefined || answer !== attempt.challenge.answer)
      throw new AppError('bad_request', SIGN_IN_MESSAGES.challengeWrong, 'challenge_required');
  }
}

export async function recordSignInFailure(ctx: Pick<AppContext, 'db'>, attempt: SignInAttempt): Promise<void> {
  await repo.deleteFailuresBefore(ctx.db, new Date(Date.now() - SIGN_IN_LIMITS.accountWindowMs));
  await repo.insertFailure(ctx.db, attempt.account, attempt.source);
}

/** The right password: this address is now one of the owner's usual ones, and its failures are forgiven. */
export async function recordSignInSuccess(
  ctx: Pick<AppContext, 'db'>,
  attempt: SignInAttempt & { userId: string },
): Promise<void> {
  await repo.deleteFailures(ctx.db, attempt.account, attempt.source);
  await repo.rememberSource(
    ctx.db,
    attempt.userId,
    attempt.source,
    new Date(Date.now() - SIGN_IN_LIMITS.usualSourceMs),
  );
}

/** A completed password reset proves the mailbox: the account starts afresh everywhere. */
export async function forgiveFailures(ctx: Pick<AppContext, 'db'>, account: string): Promise<void> {
  await repo.deleteFailures(ctx.db, account);
}

/**
 * The current password as proof before a security change (ASVS V7.5.1). A wrong one counts as a
 * failed sign-in: someone at an unlocked screen must not get unlimited guesses.
 */
export async function assertCurrentPassword(
  ctx: Pick<AppContext, 'db'>,
  actor: PublicUser,
  password: string,
  address: string,
): Promise<UserRow> {
  const attempt = { account: actor.email, source: address, userId: actor._id };
  await assertMayTrySignIn(ctx, attempt);
  const row = await findUserById(ctx.db, actor._id);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    await recordSignInFailure(ctx, attempt);
    throw new AppError('bad_request', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  return row;
}
