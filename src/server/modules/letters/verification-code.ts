import { randomBytes } from 'node:crypto';

/** Crockford's base32: digits and letters without I, L, O and U, which read as 1, 1, 0 and V. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const LENGTH = GROUPS * GROUP_LENGTH;

function grouped(characters: string): string {
  return characters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** 16 characters, 80 random bits, printed in groups of four: K7QD-9XMP-3RTA-W2HF. */
export function newVerificationCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are uniform over the alphabet.
  const characters = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return grouped(characters);
}

/**
 * The stored form of a code as someone typed it (any case, with or without dashes and spaces, and
 * the letters Crockford's base32 reads as digits), or null when it cannot be one.
 */
export function normalizeVerificationCode(typed: string): string | null {
  const characters = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (characters.length !== LENGTH || [...characters].some((c) => !ALPHABET.includes(c))) return null;
  return grouped(characters);
}
