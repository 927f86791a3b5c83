/**
 * Only same-site paths may be a "return to" target; anything else (//host, https://host,
 * javascript:, backslashes) falls back, so the login page cannot be used to send people away.
 */
export function safeReturnPath(candidate: unknown, fallback = '/profile'): string {
  if (typeof candidate !== 'string') return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(candidate)) return fallback;
  return candidate;
}
