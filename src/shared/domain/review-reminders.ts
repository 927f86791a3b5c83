import { formatConferenceTime } from './deadlines.ts';

/** Automatic reminders go out this many days before the review deadline. */
export const REMINDER_DAYS_BEFORE = [3, 1] as const;

export const REVIEW_REMINDER_TEXTS = {
  label: 'Remind reviewers automatically 3 days and 1 day before the review deadline',
  turnedOn: 'Reviewers with reviews to submit will be reminded 3 days and 1 day before the deadline.',
  turnedOff: 'Automatic reminders are off.',
  /** Without a mail server, reminders (by hand or automatic) still reach members in the site. */
  siteOnly:
    'No mail server is configured (SMTP_URL): reminders reach members in the site only, in their notifications, not by e-mail.',
  sent: (members: number, at: string) =>
    `Sent ${formatConferenceTime(at)} to ${members} member${members === 1 ? '' : 's'}.`,
  due: (at: string) => `Due ${formatConferenceTime(at)}.`,
  notSent: 'Not sent: the reminders were off then, or a later round took its place.',
} as const;
