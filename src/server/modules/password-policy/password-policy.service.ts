import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Role } from '@shared/constants.ts';
import { LIMITS } from '@shared/constants.ts';
import { MESSAGES } from '@shared/schemas/auth.ts';
import { AppError } from '@server/lib/app-error.ts';

/** How long the list stays in memory after its last use: a burst of sign-ups reads it once. */
const KEEP_COMMON_PASSWORDS_MS = 60_000;
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
let releaseTimer: NodeJS.Timeout | undefined;

/**
 * The 49,000 most common passwords of public breach compilations (zxcvbn-ts's list), read on
 * use, offline. Compared in lower case: "Password1" is as guessable as "password1". Read from
 * the package's JSON rather than imported (a module stays in memory for good, about 14 MB with
 * its other dictionaries), and dropped when unused for a while: every start checks the
 * configured admin's password, and a server can then go days without another check.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= readFile(
    createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json'),
    'utf8',
  ).then((text) => new Set((JSON.parse(text) as string[]).map((p) => p.toLowerCase())));
  const loaded = commonPasswords;
  // A failed read is tried again on the next check, not remembered.
  loaded.catch(() => {
    if (commonPasswords === loaded) commonPasswords = undefined;
  });
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => (commonPasswords = undefined), KEEP_COMMON_PASSWORDS_MS).unref();
  return loaded;
}

/** Words of this site that make a password easy to guess (ASVS 5.0 V6.1.2): its name, subject and host. */
export const CONTEXT_WORDS = [
  'ictacem',
  'tacem',
  'mechanics',
  'mechanical',
  'conference',
  'kharagpur',
  'iitkgp',
  'password',
] as const;
/** Letters a password must keep once the context words, digits and symbols are taken out. */
const MIN_OWN_LETTERS = 4;

/** "Ictacem2025!" or "ada.lovelace1" (for ada.lovelace@…) leave almost nothing of the person's own. */
function isBuiltOnContext(password: string, email: string): boolean {
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  const words = [...CONTEXT_WORDS, ...(localPart.length >= 4 ? [localPart] : [])];
  let rest = password.toLowerCase();
  for (const word of words.sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  return rest.replace(/[^\p{L}]/gu, '').length < MIN_OWN_LETTERS;
}

/**
 * The rules for a password being chosen (sign-up, reset, the configured admin): the shared
 * schema checks the length for everyone; here the organizers' longer minimum and the list of
 * common passwords, which only the server holds.
 */
export async function assertAcceptablePassword(
  password: string,
  account: { role: Role; email: string },
): Promise<void> {
  if (account.role === 'admin' && password.length < LIMITS.adminPasswordMin)
    throw new AppError('bad_request', MESSAGES.adminPasswordTooShort);
  if ((await loadCommonPasswords()).has(password.toLowerCase()))
    throw new AppError('bad_request', MESSAGES.passwordTooCommon);
  if (isBuiltOnContext(password, account.email)) throw new AppError('bad_request', MESSAGES.passwordTooGuessable);
}
