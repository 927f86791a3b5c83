import {
  CONFERENCE_DATE_KEYS,
  CONFERENCE_DATE_VARIABLES,
  type ConferenceDates,
  conferenceDay,
} from '@shared/domain/deadlines.ts';
import { addCalendarDays, atConferenceWallClock } from '@shared/domain/conference-datetime.ts';

/** The demo's calendar, in days from today and the time of day in the conference's time zone: each step after the one before. */
const DEMO_SCHEDULE: Record<keyof ConferenceDates, { days: number; time: string }> = {
  abstractOpens: { days: -7, time: '00:00:00' },
  earlyBirdOpens: { days: -7, time: '00:00:00' },
  abstractDeadline: { days: 21, time: '23:59:59' },
  // Open today, so that a committee member can bid on the demo's papers at once.
  biddingOpens: { days: -7, time: '00:00:00' },
  biddingCloses: { days: 25, time: '23:59:59' },
  reviewDeadline: { days: 27, time: '23:59:59' },
  authorResponseDeadline: { days: 27, time: '23:59:59' },
  notification: { days: 28, time: '00:00:00' },
  earlyBirdCloses: { days: 42, time: '23:59:59' },
  lateRegistrationOpens: { days: 43, time: '00:00:00' },
  paymentDeadline: { days: 56, time: '23:59:59' },
  fullPaperDeadline: { days: 56, time: '23:59:59' },
  conferenceStarts: { days: 70, time: '09:00:00' },
  conferenceEnds: { days: 72, time: '18:00:00' },
};

/**
 * A calendar around `now` that lets a visitor try every step today: abstracts are open (the
 * deadline three weeks ahead), then the notification, payment and full paper, then the conference.
 */
export function demoCalendar(now: Date): ConferenceDates {
  const today = conferenceDay(now.toISOString());
  return Object.fromEntries(
    CONFERENCE_DATE_KEYS.map((key) => {
      const { days, time } = DEMO_SCHEDULE[key];
      return [key, atConferenceWallClock(addCalendarDays(today, days), time)];
    }),
  ) as ConferenceDates;
}

export interface DemoAccount {
  email: string;
  password: string;
}

/** The environment of the demo server: its own data directory, sign-up open, no second factor, that calendar. */
export function demoEnvironment(options: {
  now: Date;
  dataDir: string;
  port: number;
  admin: DemoAccount;
}): Record<string, string> {
  const calendar = demoCalendar(options.now);
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${options.port}`,
    DATA_DIR: options.dataDir,
    // The embedded database in DATA_DIR, whatever the shell has set.
    DATABASE_URL: '',
    FILE_STORE: 'local',
    SMTP_URL: '',
    NODE_ENV: 'development',
    REGISTRATION_OPEN: 'true',
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    ADMIN_MFA_REQUIRED: 'false',
    ...Object.fromEntries(CONFERENCE_DATE_KEYS.map((key) => [CONFERENCE_DATE_VARIABLES[key], calendar[key]])),
  };
}
