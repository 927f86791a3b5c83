let domains: Promise<ReadonlySet<string>> | undefined;

/**
 * The free-mail providers (gmail.com, qq.com, mail.ru, rediffmail.com, ...) whose users share a
 * domain without sharing an employer: a maintained list, read on the first conflict check rather
 * than at start, since most processes never need it.
 */
export function freeMailDomains(): Promise<ReadonlySet<string>> {
  domains ??= import('free-email-domains-typescript').then(({ freeEmailDomains }) => new Set(freeEmailDomains));
  return domains;
}
