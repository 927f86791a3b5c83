import type { Role } from '../../../shared/constants.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/schemas/auth.ts';
import { AppError } from '../../lib/app-error.ts';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49,000 most common passwords of public breach compilations (zxcvbn-ts's list), read once
 * on first use, offline. Compared in lower case: "Password1" is as guessable as "password1".
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return commonPasswords;
}

/**
 * The rules for a password being chosen (sign-up, reset, the configured admin): the shared
 * schema checks the length for everyone; here the organizers' longer minimum and the list of
 * common passwords, which only the server holds.
 */
export async function assertAcceptablePassword(password: string, role: Role): Promise<void> {
  if (role === 'admin' && password.length < LIMITS.adminPasswordMin) throw new AppError('bad_request', MESSAGES.adminPasswordTooShort);
  if ((await loadCommonPasswords()).has(password.toLowerCase())) throw new AppError('bad_request', MESSAGES.passwordTooCommon);
}
