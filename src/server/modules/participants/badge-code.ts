import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A badge's QR carries "ICTACEM1.<token>.<signature>": the token is the participant's random
// badge token (no e-mail, no row id), the signature an HMAC of it under the site's secret, so a
// code cannot be made up or altered; a token no longer on the list (the badge was reprinted or
// the participant removed) is refused like a forgery.
const PREFIX = 'ICTACEM1';
const TOKEN = /^[A-Za-z0-9_-]{16}$/;

/** 12 random bytes in base64url: 16 characters. */
export function newBadgeToken(): string {
  return randomBytes(12).toString('base64url');
}

export function newSigningSecret(): string {
  return randomBytes(32).toString('base64url');
}

function signatureOf(secret: string, token: string): Buffer {
  return createHmac('sha256', secret).update(`badge:${token}`).digest().subarray(0, 16);
}

export function signedBadgeCode(secret: string, token: string): string {
  return `${PREFIX}.${token}.${signatureOf(secret, token).toString('base64url')}`;
}

/** The token a well-signed code carries, or null for anything else. */
export function verifiedBadgeToken(secret: string, code: string): string | null {
  const [prefix, token, signature, ...rest] = code.trim().split('.');
  if (prefix !== PREFIX || !token || !signature || rest.length > 0 || !TOKEN.test(token)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, token);
  if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
  return timingSafeEqual(given, expected) ? token : null;
}
