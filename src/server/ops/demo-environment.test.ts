import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setConference } from '@shared/conference.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { datesOutOfOrder, formatConferenceClock, isOpenAt } from '@shared/domain/deadlines.ts';
import { readConferenceFile } from '../conference-file.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { loadConfig } from '../config.ts';
import { API, createTestApp } from '../test/test-app.ts';
import { createTestUser, submissionFields } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { demoCalendar, demoEnvironment } from './demo-environment.ts';

const admin = { email: 'admin@demo.example', password: 'Demo-3f9a61c2b7e4d805' };

describe('npm run demo: its calendar and environment', () => {
  // Today, the last second of a day in IST, the first of one, and a year's end.
  it.each(['2026-11-25T22:00:00Z', '2026-11-25T18:29:59Z', '2026-11-25T18:30:00Z', '2027-12-31T20:00:00Z'])(
    'is in order, with abstracts open and the conference to come, at %s',
    (iso) => {
      const now = new Date(iso);
      const dates = demoCalendar(now);
      expect(datesOutOfOrder(dates)).toBeNull();
      expect(Date.parse(dates.abstractOpens)).toBeLessThan(now.getTime());
      expect(isOpenAt(dates.abstractDeadline, now)).toBe(true);
      expect(Date.parse(dates.abstractDeadline) - now.getTime()).toBeGreaterThan(14 * 24 * 3600_000);
      expect(isOpenAt(dates.earlyBirdCloses, now)).toBe(true);
      expect(Date.parse(dates.conferenceStarts)).toBeGreaterThan(Date.parse(dates.fullPaperDeadline));
    },
  );

  it('starts a server with sign-up open, no second factor for admins and every date from the calendar', () => {
    // 03:30 on 26 November in IST: the demo counts from that day.
    const now = new Date('2026-11-25T22:00:00Z');
    const config = loadConfig(demoEnvironment({ now, dataDir: '/tmp/ictacem-demo-x', port: 3100, admin }));
    expect(config).toMatchObject({
      registrationOpen: true,
      adminMfaRequired: false,
      adminEmail: admin.email,
      dataDir: '/tmp/ictacem-demo-x',
      databaseUrl: undefined,
      port: 3100,
    });
    expect(config.conferenceDates).toEqual(demoCalendar(now));
    expect(config.conferenceDates.abstractDeadline).toBe('2026-12-17T23:59:59+05:30');
    expect(config.conferenceDates.conferenceStarts).toBe('2027-02-04T09:00:00+05:30');
  });

  it("draws another conference's calendar on its own wall clock, whatever the season", () => {
    setConference(readConferenceFile(path.join(PROJECT_ROOT, 'examples', 'demo-conference', 'conference.yaml')));
    try {
      // 23:30 on 1 March in Lisbon (WET, UTC+00:00); its abstract deadline falls in summer time (UTC+01:00).
      const dates = demoCalendar(new Date('2030-03-01T23:30:00Z'));
      expect(dates.abstractOpens).toBe('2030-02-22T00:00:00+00:00');
      expect(dates.abstractDeadline).toBe('2030-03-22T23:59:59+00:00');
      expect(dates.paymentDeadline).toBe('2030-04-26T23:59:59+01:00');
      expect(formatConferenceClock(dates.paymentDeadline)).toMatch(/^23:59 /);
      expect(datesOutOfOrder(dates)).toBeNull();
    } finally {
      setConference(DEFAULT_CONFERENCE);
    }
  });

  it('lets a new author sign up and submit an abstract on the day it starts', async () => {
    const now = new Date();
    const config = loadConfig(demoEnvironment({ now, dataDir: '/tmp/unused', port: 3100, admin }));
    const t = await createTestApp({
      registrationOpen: config.registrationOpen,
      conferenceDates: config.conferenceDates,
    });
    try {
      const open = await t.app.inject({ method: 'GET', url: `${API}/auth/registration-status` });
      expect(open.json()).toMatchObject({ registrationOpen: true });
      const author = await createTestUser(t.app);
      const body = multipart(submissionFields({ title: 'Dao động của tấm composite dưới tải trọng chu kỳ' }), [
        { field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes() },
      ]);
      const submitted = await t.app.inject({
        method: 'POST',
        url: `${API}/papers/submit`,
        headers: { ...body.headers, cookie: author.cookie },
        payload: body.payload,
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
    } finally {
      await t.close();
    }
  });
});
