import type { DbOrTx } from '@server/db/client.ts';
import { randomInt } from 'node:crypto';
import type { Role } from '@shared/constants.ts';
import { currentConference } from '@shared/conference.ts';
import { USER_NOT_FOUND } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { isUniqueViolation } from '@server/db/client.ts';
import { hashPassword } from '@server/lib/passwords.ts';
import { assertAcceptablePassword } from '../password-policy/password-policy.service.ts';
import { AppError } from '@server/lib/app-error.ts';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './users.repository.ts';

/** Unambiguous characters: no 0/O, 1/I/L. */
const ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CUSTOM_ID_SUFFIX_LENGTH = 5;

/** Conference user id, the configured prefix and 5 characters; it prefills the paper's ID. */
export function newCustomUserId(): string {
  let suffix = '';
  for (let i = 0; i < CUSTOM_ID_SUFFIX_LENGTH; i += 1) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${currentConference().idPrefix}${suffix}`;
}

export const EMAIL_TAKEN = 'An account with this email already exists.';

/** In a transaction of the caller's too (an account made as a committee invitation is accepted). */
export async function createUser(
  ctx: { db: DbOrTx },
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

export async function getUserForAdmin(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  return row;
}
