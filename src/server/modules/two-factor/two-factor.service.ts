import { currentConference } from '@shared/conference.ts';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  type BothFactorsBody,
  type EnableTwoFactorBody,
  isRecoveryCode,
  isTotpCode,
  normaliseSecondFactorCode,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@shared/schemas/two-factor.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { hashToken } from '@server/lib/tokens.ts';
import { queueSecurityMail } from '../security-mail/security-mail.service.ts';
import { deleteOtherSessions } from '../sessions/sessions.repository.ts';
import type { SessionOrigin } from '../sessions/sessions.service.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import { assertCurrentPassword, recordSignInFailure } from '../sign-in-guard/sign-in-guard.service.ts';
import * as repo from './two-factor.repository.ts';

const PERIOD_S = 30;
/** One step either side: a phone clock a little off still signs in. */
const WINDOW_STEPS = 1;

function totpFor(secret: string, account = ''): TOTP {
  return new TOTP({
    issuer: currentConference().shortName,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, or null when it matches none near now. */
function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp: now }) + delta;
}

/** 120 random bits in base32, shown as four groups of six: "k3m9xq-...". */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const raw = [...randomBytes(24)].map((byte) => alphabet[byte & 31]).join('');
  return raw.match(/.{6}/g)!.join('-');
}

async function issueRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashToken(normaliseSecondFactorCode(code))),
  );
  return codes;
}

export function twoFactorRequiredOf(ctx: Pick<AppContext, 'config'>, user: Pick<PublicUser, 'role'>): boolean {
  return user.role === 'admin' && ctx.config.adminMfaRequired;
}

/** An admin who must set up two-factor sign-in before anything else: the server refuses them the rest. */
export function mustEnrolTwoFactor(ctx: Pick<AppContext, 'config'>, user: PublicUser | null): boolean {
  return user !== null && twoFactorRequiredOf(ctx, user) && !user.twoFactorEnabled;
}

export async function twoFactorStatus(ctx: AppContext, actor: PublicUser): Promise<TwoFactorStatus> {
  return {
    enabled: actor.twoFactorEnabled,
    required: twoFactorRequiredOf(ctx, actor),
    recoveryCodesLeft: actor.twoFactorEnabled ? await repo.countUnusedRecoveryCodes(ctx.db, actor._id) : 0,
  };
}

/**
 * Checks the second factor of a sign-in: a code from the authenticator app, each accepted once,
 * or an unused recovery code. Says which, or null when neither matched.
 */
export async function consumeSecondFactor(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  typed: string,
): Promise<'totp' | 'recovery' | null> {
  const code = normaliseSecondFactorCode(typed);
  if (isTotpCode(code)) {
    const credential = await repo.findCredential(ctx.db, userId);
    const step = credential ? stepOfCode(credential.secret, code) : null;
    return step !== null && (await repo.claimStep(ctx.db, userId, step)) ? 'totp' : null;
  }
  if (isRecoveryCode(code)) return (await repo.claimRecoveryCode(ctx.db, userId, hashToken(code))) ? 'recovery' : null;
  return null;
}

/** A fresh secret to scan; it signs in nothing until a code from it is confirmed. */
export async function startEnrolment(ctx: AppContext, actor: PublicUser): Promise<TwoFactorEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db.transaction(async (tx) => {
    // Read under the lock, not from the session: an enable that just committed elsewhere counts.
    if ((await repo.lockTwoFactorState(tx, actor._id))?.enabled)
      throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
    await repo.putCredential(tx, actor._id, secret);
  });
  const otpauthUri = totpFor(secret, actor.email).toString();
  // Imported at enrolment only, the one moment a QR code is drawn.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

/**
 * Confirms the enrolment with the current password and a first code. Every other session of the
 * account ends: whoever signed in with the password alone must now show the second factor too.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  actor: PublicUser,
  body: EnableTwoFactorBody,
  current: { token: string } & Required<SessionOrigin>,
): Promise<{ recoveryCodes: string[] }> {
  if (actor.twoFactorEnabled) throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
  const row = await assertCurrentPassword(ctx, actor, body.currentPassword, current.address);
  const credential = await repo.findCredential(ctx.db, actor._id);
  if (!credential) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.notStarted);
  const step = stepOfCode(credential.secret, body.code);
  if (step === null || !(await repo.claimStep(ctx.db, actor._id, step))) {
    await recordSignInFailure(ctx, { account: actor.email, source: current.address, userId: actor._id });
    throw new AppError('bad_request', TWO_FACTOR_MESSAGES.enrolmentCodeWrong);
  }
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    // Nothing changed since the code was checked: not turned on by a second tab, nor a new secret scanned there.
    if ((await repo.lockTwoFactorState(tx, actor._id))?.enabled)
      throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
    if ((await repo.findCredential(tx, actor._id))?.secret !== credential.secret)
      throw new AppError('bad_request', TWO_FACTOR_MESSAGES.notStarted);
    await repo.setTwoFactorEnabled(tx, actor._id, new Date());
    const codes = await issueRecoveryCodes(tx, actor._id);
    await deleteOtherSessions(tx, actor._id, hashToken(current.token));
    await queueSecurityMail(ctx, tx, row, {
      subject: 'two-factor sign-in turned on',
      what: 'Two-factor sign-in was turned on for your account',
    });
    await recordAuthEvent(tx, 'two_factor_enabled', { account: row.email, userId: row.id, ...current });
    return codes;
  });
  ctx.sessions.forgetUser(actor._id);
  ctx.outbox.kick();
  return { recoveryCodes };
}

/**
 * The password and a current code (or an unused recovery code) before the second factor itself
 * changes; each wrong one counts as a failed sign-in.
 */
async function assertBothFactors(ctx: AppContext, actor: PublicUser, body: BothFactorsBody, address: string) {
  const row = await assertCurrentPassword(ctx, actor, body.currentPassword, address);
  if (!(await consumeSecondFactor(ctx, actor._id, body.code))) {
    await recordSignInFailure(ctx, { account: actor.email, source: address, userId: actor._id });
    throw new AppError('bad_request', TWO_FACTOR_MESSAGES.codeWrong);
  }
  return row;
}

export async function disableTwoFactor(
  ctx: AppContext,
  actor: PublicUser,
  body: BothFactorsBody,
  current: Required<SessionOrigin>,
): Promise<void> {
  if (twoFactorRequiredOf(ctx, actor)) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.requiredForOrganizers);
  if (!actor.twoFactorEnabled) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notOn);
  const row = await assertBothFactors(ctx, actor, body, current.address);
  await ctx.db.transaction(async (tx) => {
    await repo.lockTwoFactorState(tx, actor._id);
    await repo.removeSecondFactor(tx, actor._id);
    await queueSecurityMail(ctx, tx, row, {
      subject: 'two-factor sign-in turned off',
      what: 'Two-factor sign-in was turned off for your account',
    });
    await recordAuthEvent(tx, 'two_factor_disabled', { account: row.email, userId: row.id, ...current });
  });
  ctx.sessions.forgetUser(actor._id);
  ctx.outbox.kick();
}

/** Ten new recovery codes; every earlier one stops working. */
export async function renewRecoveryCodes(
  ctx: AppContext,
  actor: PublicUser,
  body: BothFactorsBody,
  current: Required<SessionOrigin>,
): Promise<{ recoveryCodes: string[] }> {
  if (!actor.twoFactorEnabled) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notOn);
  const row = await assertBothFactors(ctx, actor, body, current.address);
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, actor._id);
    await queueSecurityMail(ctx, tx, row, {
      subject: 'new recovery codes',
      what: 'New two-factor recovery codes were made for your account (the old ones no longer work)',
    });
    await recordAuthEvent(tx, 'recovery_codes_renewed', { account: row.email, userId: row.id, ...current });
    return codes;
  });
  ctx.outbox.kick();
  return { recoveryCodes };
}

/**
 * ADMIN_TOTP_SECRET: the configured admin signs in with this secret from the first start. A new
 * secret (the operator's answer to a lost phone) voids the recovery codes made for the old one.
 */
export async function giveTotpSecret(
  db: DbOrTx,
  user: { id: string; email: string; twoFactorEnabledAt: Date | null },
  secret: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockTwoFactorState(tx, user.id);
    const credential = await repo.findCredential(tx, user.id);
    // The same secret keeps its last used step, so a restart does not accept a used code again.
    if (credential?.secret === secret && user.twoFactorEnabledAt) return;
    await repo.removeSecondFactor(tx, user.id);
    await repo.putCredential(tx, user.id, secret);
    await repo.setTwoFactorEnabled(tx, user.id, new Date());
    await recordAuthEvent(tx, 'two_factor_enabled', {
      account: user.email,
      userId: user.id,
      address: 'server start (ADMIN_TOTP_SECRET)',
    });
  });
}
