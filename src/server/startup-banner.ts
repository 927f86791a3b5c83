import { currentConference } from '@shared/conference.ts';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import type { EnsuredAdmin } from './modules/first-admin/first-admin.service.ts';
import {
  type ConferenceDates,
  datesOutOfOrder,
  formatConferenceTime,
  formatDateRange,
} from '../shared/domain/deadlines.ts';

/** A PostgreSQL address as an operator may see it: never its password. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `PostgreSQL server ${user}${parsed.host}${parsed.pathname}`;
}

/** The address to open locally: a wildcard or loopback listen address is reached through localhost. */
function localSiteUrl(config: AppConfig, port: number): string {
  const host = ['0.0.0.0', '::', '', '127.0.0.1', '::1'].includes(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}${config.basePath}/`;
}

/**
 * The few facts a person starting the site needs, once, readable among the log lines: where it
 * is, what it stores where, whether authors can sign up and how to sign in as admin.
 */
export function startupBanner(
  config: AppConfig,
  port: number,
  admin: EnsuredAdmin | undefined,
  /** The dates in force, and whether an admin's change on the Deadlines page set the abstract deadline. */
  calendar: { dates: ConferenceDates; abstractDeadlineChangedByAdmin: boolean; now: Date },
): string {
  const { dates } = calendar;
  const dataDir = path.resolve(config.dataDir);
  const rows: [string, string][] = [['Open', localSiteUrl(config, port)]];
  const publicSite = `${config.publicUrl}${config.basePath}/`;
  if (publicSite !== rows[0]![1]) rows.push(['Public address', `${publicSite} (PUBLIC_URL, used in e-mails)`]);
  rows.push([
    'Database',
    config.databaseUrl
      ? describeDatabaseUrl(config.databaseUrl)
      : `embedded PostgreSQL (PGlite) in ${path.join(dataDir, 'pglite')}`,
  ]);
  rows.push(['Data directory', dataDir]);
  const files = config.fileStore;
  rows.push([
    'Files',
    files.kind === 's3'
      ? `S3 bucket ${files.bucket}${files.endpoint ? ` at ${files.endpoint}` : ` (AWS, ${files.region})`}`
      : path.join(dataDir, 'files'),
  ]);
  rows.push([
    'Registration',
    config.registrationOpen
      ? 'open: authors can sign up'
      : 'closed: nobody can sign up (set REGISTRATION_OPEN=true to open it)',
  ]);
  rows.push(['Conference', formatDateRange(dates.conferenceStarts, dates.conferenceEnds)]);
  const deadline = formatConferenceTime(dates.abstractDeadline);
  rows.push([
    'Abstracts',
    Date.parse(dates.abstractDeadline) >= calendar.now.getTime()
      ? `accepted until ${deadline}`
      : `closed since ${deadline} (${calendar.abstractDeadlineChangedByAdmin ? 'as changed' : 'set ABSTRACT_DEADLINE, or change it'} on the admin's Deadlines page)`,
  ]);
  // Warned, not refused: the site must start to let an admin put the dates right on the Deadlines page.
  const disorder = datesOutOfOrder(dates);
  if (disorder)
    rows.push([
      'WARNING',
      `the dates are out of order. ${disorder} Correct them on the admin's Deadlines page or with their variables (docs/operations.md).`,
    ]);
  // Every mail is kept in the outbox either way; the log is only where a reset link goes without a server.
  const outbox = `${localSiteUrl(config, port)}admin?section=outbox`;
  rows.push([
    'Mail',
    config.smtpUrl
      ? `sent through ${new URL(config.smtpUrl).host}; every e-mail is listed in the Outbox, in the admin area (${outbox})`
      : `no SMTP_URL: nothing is sent; read every e-mail in the Outbox, in the admin area (${outbox})`,
  ]);
  if (admin?.generatedPassword) {
    rows.push(['Admin', admin.email]);
    rows.push([
      'Password',
      `${admin.generatedPassword}   (shown this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    ]);
  } else if (admin?.renamedFrom) {
    rows.push([
      'Admin',
      `${admin.email} (renamed from ${admin.renamedFrom}, which no form accepts; the password is unchanged)`,
    ]);
  } else if (admin) {
    rows.push(['Admin', `${admin.email} (from ADMIN_EMAIL and ADMIN_PASSWORD)`]);
  } else {
    rows.push(['Admin', 'an admin account exists (set ADMIN_EMAIL and ADMIN_PASSWORD to create or reset one)']);
  }
  rows.push([
    'Two-factor',
    config.adminMfaRequired
      ? `required of admins: the first sign-in asks to set up an authenticator app${config.adminTotpSecret ? ' (ADMIN_EMAIL uses ADMIN_TOTP_SECRET)' : ''}`
      : 'NOT REQUIRED (ADMIN_MFA_REQUIRED=false): only for a test or demo instance',
  ]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const rule = '-'.repeat(72);
  return [
    rule,
    `${currentConference().shortName} conference site is running`,
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`),
    rule,
    '',
  ].join('\n');
}
