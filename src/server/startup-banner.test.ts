import { describe, expect, it } from 'vitest';
import { announcedDates } from '../shared/domain/deadlines.ts';
import { loadConfig } from './config.ts';
import { startupBanner } from './startup-banner.ts';

describe('start-up banner', () => {
  it('says where the site is, that sign-up is closed and, once, the generated admin password', () => {
    const config = loadConfig({ DATA_DIR: '/srv/ictacem' });
    const banner = startupBanner(
      config,
      3000,
      { email: 'admin@ictacem.localhost', generatedPassword: 'pw-123' },
      {
        dates: { ...announcedDates(), abstractDeadline: '2025-10-15T23:59:59+05:30' },
        abstractDeadlineChangedByAdmin: false,
        now: new Date('2026-11-24T12:00:00Z'),
      },
    );
    expect(banner).toContain('Open:           http://localhost:3000/ictacem2025/');
    expect(banner).not.toContain('Public address');
    expect(banner).toContain('embedded PostgreSQL (PGlite) in /srv/ictacem/pglite');
    expect(banner).toContain('Files:          /srv/ictacem/files');
    expect(banner).toContain('closed: nobody can sign up (set REGISTRATION_OPEN=true to open it)');
    expect(banner).toMatch(/Admin: +admin@ictacem\.localhost\n +Password: +pw-123 /);
    // Where to read mail is the outbox, not this log.
    expect(banner).toContain(
      'Mail:           no SMTP_URL: nothing is sent; read every e-mail in the Outbox, in the admin area (http://localhost:3000/ictacem2025/admin?section=outbox)',
    );
    expect(banner).not.toContain('written to this log');
    expect(banner).toContain(
      "Abstracts:      closed since 15 October 2025 23:59 IST (set ABSTRACT_DEADLINE, or change it on the admin's Deadlines page)",
    );
  });

  it('confirms a configured admin and never prints a database password', () => {
    const config = loadConfig({
      ADMIN_EMAIL: 'Chair@Example.org',
      ADMIN_PASSWORD: 'secret-admin',
      DATABASE_URL: 'postgres://ictacem:db-secret@db.internal:5432/ictacem',
      REGISTRATION_OPEN: 'true',
      PUBLIC_URL: 'https://conference.example.org',
      FILE_STORE: 's3',
      S3_BUCKET: 'ictacem-files',
      S3_ENDPOINT: 'http://10.0.0.5:9000',
      S3_ACCESS_KEY_ID: 'ictacem-site',
      S3_SECRET_ACCESS_KEY: 's3-secret',
    });
    const banner = startupBanner(
      config,
      3000,
      { email: config.adminEmail! },
      {
        dates: { ...announcedDates(), abstractDeadline: '2026-10-15T23:59:59+05:30' },
        abstractDeadlineChangedByAdmin: false,
        now: new Date('2026-10-15T18:29:59Z'),
      },
    );
    expect(banner).toContain('Abstracts:      accepted until 15 October 2026 23:59 IST');
    const changed = startupBanner(
      config,
      3000,
      { email: config.adminEmail! },
      {
        dates: { ...announcedDates(), abstractDeadline: '2025-11-15T23:59:59+05:30' },
        abstractDeadlineChangedByAdmin: true,
        now: new Date('2026-10-15T18:29:59Z'),
      },
    );
    expect(changed).toContain(
      "Abstracts:      closed since 15 November 2025 23:59 IST (as changed on the admin's Deadlines page)",
    );
    expect(banner).toContain('Files:          S3 bucket ictacem-files at http://10.0.0.5:9000');
    expect(banner).not.toContain('s3-secret');
    expect(banner).toContain('chair@example.org (from ADMIN_EMAIL and ADMIN_PASSWORD)');
    expect(banner).toContain('PostgreSQL server ictacem@db.internal:5432/ictacem');
    expect(banner).toContain('Public address: https://conference.example.org/ictacem2025/');
    expect(banner).toContain('open: authors can sign up');
    expect(banner).not.toContain('db-secret');
    expect(banner).not.toContain('secret-admin');
  });

  it('names the conference days, and warns of dates out of order naming both', () => {
    const config = loadConfig({ DATA_DIR: '/srv/ictacem' });
    const now = new Date('2026-11-25T12:00:00Z');
    const inOrder = startupBanner(config, 3000, undefined, {
      dates: announcedDates(),
      abstractDeadlineChangedByAdmin: false,
      now,
    });
    expect(inOrder).toContain('Conference:     15-17 December 2025');
    expect(inOrder).not.toContain('WARNING');
    const outOfOrder = startupBanner(config, 3000, undefined, {
      dates: { ...announcedDates(), abstractDeadline: '2027-11-20T23:59:59+05:30' },
      abstractDeadlineChangedByAdmin: false,
      now,
    });
    expect(outOfOrder).toContain(
      "WARNING:        the dates are out of order. The extended abstract deadline (20 November 2027 23:59 IST) must be on or before the notification of acceptance (31 October 2025 00:00 IST). Correct them on the admin's Deadlines page or with their variables (docs/operations.md).",
    );
  });
});
