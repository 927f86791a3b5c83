import { randomBytes, randomInt } from 'node:crypto';
import type { Role } from '../../../shared/constants.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { endAllSessions } from '../auth/session.service.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import { assertAcceptablePassword } from '../password-policy/password-policy.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { giveTotpSecret } from '../two-factor/two-factor.service.ts';
import {
  findAnyAdmin,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from './users.repository.ts';

/** Unambiguous characters: no 0/O, 1/I/L. */
const ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CUSTOM_ID_PREFIX = 'ICTACEMP2025';
const CUSTOM_ID_SUFFIX_LENGTH = 5;

/** Conference user id, e.g. ICTACEMP2025K7Q3M; it prefills the paper's ICTACEM ID. */
export function newCustomUserId(): string {
  let suffix = '';
  for (let i = 0; i < CUSTOM_ID_SUFFIX_LENGTH; i += 1) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${CUSTOM_ID_PREFIX}${suffix}`;
}

export const EMAIL_TAKEN = 'An account with this email already exists.';

export async function createUser(
  ctx: Pick<AppContext, 'db'>,
  input: { username: string; email: string; password: string; role?: Role },
): Promise<UserRow> {
  await assertAcceptablePassword(input.password, { role: input.role ?? 'author', email: input.email });
  const passwordHash = await hashPassword(input.password);
  // A clash of the random id is retried; a clash of the e-mail is the caller's conflict.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await insertUser(ctx.db, {
        username: input.username,
        email: input.email,
        passwordHash,
        role: input.role ?? 'author',
        customUserId: newCustomUserId(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findUserByEmail(ctx.db, input.email)) throw new EmailTakenError();
      if (attempt >= 5) throw error;
    }
  }
}

export class EmailTakenError extends Error {
  constructor() {
    super(EMAIL_TAKEN);
  }
}

/**
 * The admin a first start creates without ADMIN_EMAIL: `.localhost` is reserved (RFC 6761), so the
 * address is never someone's mailbox, and unlike a bare `admin@localhost` every e-mail field accepts it.
 */
export const GENERATED_ADMIN_EMAIL = 'admin@ictacem.localhost';
/** What earlier versions generated; no sign-in form accepts it, so a start renames it. */
const UNUSABLE_GENERATED_ADMIN_EMAIL = 'admin@localhost';

export interface EnsuredAdmin {
  email: string;
  /** Set when this start created the admin; printed once. */
  generatedPassword?: string;
  /** Set when this start renamed an earlier generated admin that could not sign in. */
  renamedFrom?: string;
}

/**
 * Makes sure the site can be administered: the configured admin is created or updated
 * (role and password); without one, a first start creates an admin with a random password.
 * Returns the generated password so the caller can print it once.
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, 'db' | 'config' | 'sessions'>,
): Promise<EnsuredAdmin | undefined> {
  const { adminEmail, adminPassword, adminTotpSecret } = ctx.config;
  if (adminEmail && adminPassword) {
    let admin = await findUserByEmail(ctx.db, adminEmail);
    if (admin) {
      await assertAcceptablePassword(adminPassword, { role: 'admin', email: adminEmail });
      await updateUser(ctx.db, admin.id, { role: 'admin', passwordHash: await hashPassword(adminPassword) });
      await endAllSessions(ctx, admin.id);
      if (admin.role !== 'admin')
        await recordAuthEvent(ctx.db, 'role_changed', {
          account: admin.email,
          userId: admin.id,
          address: 'server start',
        });
    } else {
      admin = await createUser(ctx, {
        username: 'Administrator',
        email: adminEmail,
        password: adminPassword,
        role: 'admin',
      });
    }
    if (adminTotpSecret) await giveTotpSecret(ctx.db, admin, adminTotpSecret);
    return { email: adminEmail };
  }
  const unusable = await findUserByEmail(ctx.db, UNUSABLE_GENERATED_ADMIN_EMAIL);
  if (unusable?.role === 'admin' && !(await findUserByEmail(ctx.db, GENERATED_ADMIN_EMAIL))) {
    await updateUser(ctx.db, unusable.id, { email: GENERATED_ADMIN_EMAIL });
    return { email: GENERATED_ADMIN_EMAIL, renamedFrom: UNUSABLE_GENERATED_ADMIN_EMAIL };
  }
  if (await findAnyAdmin(ctx.db)) return undefined;
  const generatedPassword = randomBytes(12).toString('base64url');
  await createUser(ctx, {
    username: 'Administrator',
    email: GENERATED_ADMIN_EMAIL,
    password: generatedPassword,
    role: 'admin',
  });
  return { email: GENERATED_ADMIN_EMAIL, generatedPassword };
}

export const USER_NOT_FOUND = 'User not found.';
export const USER_SIGNED_OUT = 'The user was signed out everywhere.';

export async function getUserForAdmin(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  return row;
}

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
