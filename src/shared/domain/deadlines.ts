import { currentConference } from '../conference.ts';
import { formatClockIn, formatDayIn, formatMomentIn, wallClockIn } from '../format/dates.ts';

/**
 * The conference's dates: one source for what the pages announce and what the server enforces
 * (docs/architecture.md, "Deadlines"). Values are ISO 8601 instants with their offset, e.g.
 * `2030-10-15T23:59:59+01:00`; they are shown in the conference's time zone.
 */
export const CONFERENCE_DATE_KEYS = [
  'abstractOpens',
  'earlyBirdOpens',
  'abstractDeadline',
  'biddingOpens',
  'biddingCloses',
  'reviewDeadline',
  'authorResponseDeadline',
  'notification',
  'earlyBirdCloses',
  'lateRegistrationOpens',
  'paymentDeadline',
  'fullPaperDeadline',
  'conferenceStarts',
  'conferenceEnds',
] as const;
export type ConferenceDateKey = (typeof CONFERENCE_DATE_KEYS)[number];

/** The name of the <meta> in which the served page carries the dates in force (server/plugins/client-pages.ts). */
export const CONFERENCE_DATES_META = 'conference-dates';
export type ConferenceDates = Record<ConferenceDateKey, string>;

/**
 * The dates as announced in the conference's configuration; each has its environment variable
 * (CONFERENCE_DATE_VARIABLES) that overrides it.
 */
export function announcedDates(): ConferenceDates {
  // Every key is there: the configuration's schema requires each (schemas/conference.ts).
  return currentConference().dates as ConferenceDates;
}

/** The environment variable that sets each date before an admin changes it (docs/operations.md). */
export const CONFERENCE_DATE_VARIABLES = {
  abstractOpens: 'ABSTRACT_OPENS',
  earlyBirdOpens: 'EARLY_BIRD_OPENS',
  abstractDeadline: 'ABSTRACT_DEADLINE',
  biddingOpens: 'BIDDING_OPENS',
  biddingCloses: 'BIDDING_CLOSES',
  reviewDeadline: 'REVIEW_DEADLINE',
  authorResponseDeadline: 'AUTHOR_RESPONSE_DEADLINE',
  notification: 'NOTIFICATION_DATE',
  earlyBirdCloses: 'EARLY_BIRD_CLOSES',
  lateRegistrationOpens: 'LATE_REGISTRATION_OPENS',
  paymentDeadline: 'PAYMENT_DEADLINE',
  fullPaperDeadline: 'FULL_PAPER_DEADLINE',
  conferenceStarts: 'CONFERENCE_STARTS',
  conferenceEnds: 'CONFERENCE_ENDS',
} as const satisfies Record<ConferenceDateKey, string>;
export type ConferenceDateVariable = (typeof CONFERENCE_DATE_VARIABLES)[ConferenceDateKey];

/** 'committee' dates concern the programme committee only: the public pages leave them out. */
export type ConferenceDateKind = 'submission' | 'registration' | 'conference' | 'committee';

/** `title` heads the date in lists; `name` names it inside a sentence ("the payment deadline"). */
export const CONFERENCE_DATE_INFO: Record<
  ConferenceDateKey,
  { title: string; name: string; kind: ConferenceDateKind }
> = {
  abstractOpens: {
    title: 'Extended abstract submission opens',
    name: 'the opening of extended abstract submission',
    kind: 'submission',
  },
  earlyBirdOpens: {
    title: 'Early-bird registration opens',
    name: 'the opening of early-bird registration',
    kind: 'registration',
  },
  abstractDeadline: {
    title: 'Last date for extended abstract submission',
    name: 'the extended abstract deadline',
    kind: 'submission',
  },
  biddingOpens: { title: 'Bidding opens', name: 'the opening of bidding', kind: 'committee' },
  biddingCloses: { title: 'Bidding closes', name: 'the close of bidding', kind: 'committee' },
  reviewDeadline: { title: 'Reviews due', name: 'the review deadline', kind: 'committee' },
  // A review-round date: it concerns only the authors asked for a response, so the public pages leave it out.
  authorResponseDeadline: {
    title: 'Author response deadline',
    name: 'the author response deadline',
    kind: 'committee',
  },
  notification: { title: 'Notification of acceptance', name: 'the notification of acceptance', kind: 'submission' },
  earlyBirdCloses: {
    title: 'Early-bird registration closes',
    name: 'the close of early-bird registration',
    kind: 'registration',
  },
  lateRegistrationOpens: {
    title: 'Late registration begins',
    name: 'the start of late registration',
    kind: 'registration',
  },
  paymentDeadline: { title: 'Last date to enter the payment ID', name: 'the payment deadline', kind: 'registration' },
  fullPaperDeadline: {
    title: 'Final date for full-length paper submission',
    name: 'the full paper deadline',
    kind: 'submission',
  },
  // Named after the conference as configured, when read.
  conferenceStarts: {
    get title() {
      return `${currentConference().shortName} begins`;
    },
    get name() {
      return `the start of ${currentConference().shortName}`;
    },
    kind: 'conference',
  },
  conferenceEnds: {
    get title() {
      return `${currentConference().shortName} ends`;
    },
    get name() {
      return `the end of ${currentConference().shortName}`;
    },
    kind: 'conference',
  },
};

/**
 * The calendar's order: `earlier` comes before `later`, or at the same instant unless `strictly`.
 * Authors are told before they pay and send the full paper, and all that before the conference;
 * the committee bids, then reviews, before the authors are told.
 */
export const DATE_ORDER: readonly { earlier: ConferenceDateKey; later: ConferenceDateKey; strictly: boolean }[] = [
  { earlier: 'abstractOpens', later: 'abstractDeadline', strictly: true },
  { earlier: 'earlyBirdOpens', later: 'earlyBirdCloses', strictly: true },
  { earlier: 'earlyBirdCloses', later: 'lateRegistrationOpens', strictly: true },
  { earlier: 'abstractDeadline', later: 'notification', strictly: false },
  { earlier: 'biddingOpens', later: 'biddingCloses', strictly: true },
  { earlier: 'biddingCloses', later: 'reviewDeadline', strictly: false },
  { earlier: 'reviewDeadline', later: 'notification', strictly: false },
  { earlier: 'notification', later: 'paymentDeadline', strictly: false },
  { earlier: 'notification', later: 'fullPaperDeadline', strictly: false },
  { earlier: 'paymentDeadline', later: 'conferenceStarts', strictly: false },
  { earlier: 'fullPaperDeadline', later: 'conferenceStarts', strictly: false },
  { earlier: 'conferenceStarts', later: 'conferenceEnds', strictly: true },
];

/** The first rule of DATE_ORDER the dates break, named with both dates; null when they are in order. */
export function datesOutOfOrder(dates: ConferenceDates): string | null {
  for (const { earlier, later, strictly } of DATE_ORDER) {
    const gap = Date.parse(dates[later]) - Date.parse(dates[earlier]);
    if (gap < 0 || (strictly && gap === 0))
      return DEADLINE_MESSAGES.outOfOrder(
        { key: earlier, value: dates[earlier] },
        { key: later, value: dates[later] },
        strictly,
      );
  }
  return null;
}

/** The deadlines the server keeps: each closes an author step. */
export const DEADLINE_STEPS = ['abstract', 'payment', 'fullPaper', 'response'] as const;
export type DeadlineStep = (typeof DEADLINE_STEPS)[number];

export const DEADLINE_OF_STEP: Record<DeadlineStep, ConferenceDateKey> = {
  abstract: 'abstractDeadline',
  payment: 'paymentDeadline',
  fullPaper: 'fullPaperDeadline',
  response: 'authorResponseDeadline',
};

export const DEADLINE_STEP_NAMES: Record<DeadlineStep, string> = {
  abstract: 'extended abstract',
  payment: 'payment',
  fullPaper: 'full paper',
  response: 'author response',
};

/** A step's deadline as it applies to one paper: the conference's, or an extension granted to it. */
export interface StepDeadline {
  /** ISO 8601 with offset. */
  closesAt: string;
  /** An admin extended it for this paper (or reset the submission): the author sees that. */
  extended: boolean;
}

export const DEADLINE_MESSAGES = {
  passed: (step: DeadlineStep, closesAt: string) =>
    `The ${DEADLINE_STEP_NAMES[step]} deadline, ${formatConferenceTime(closesAt)}, has passed.`,
  notOpenYet: (opensAt: string) => `Extended abstract submission opens on ${formatConferenceTime(opensAt)}.`,
  /** The example is the conference's own announced abstract deadline, unless the conference is not read yet. */
  notIsoWithOffset: (title: string, example = currentConference().dates.abstractDeadline) =>
    `${title}: enter a date and time in ISO 8601 with its offset, e.g. ${example}.`,
  outOfOrder: (
    earlier: { key: ConferenceDateKey; value: string },
    later: { key: ConferenceDateKey; value: string },
    strictly: boolean,
  ) => {
    const named = ({ key, value }: { key: ConferenceDateKey; value: string }) =>
      `${CONFERENCE_DATE_INFO[key].name} (${formatConferenceTime(value)})`;
    const sentence = strictly
      ? `${named(later)} must be after ${named(earlier)}.`
      : `${named(earlier)} must be on or before ${named(later)}.`;
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  },
  extensionInPast: 'The extension must end in the future.',
  extensionNotLater: (current: string) =>
    `The extension must end after this paper's current deadline, ${formatConferenceTime(current)}.`,
  extensionReasonRequired: 'Please give a reason for the extension.',
  extensionNotNeeded: 'This paper has no such step to extend.',
  nothingChanged: 'No date was changed.',
  saved: 'The dates were saved.',
  extended: 'The deadline was extended for this paper.',
} as const;

/** Offsets with or without a colon, or Z; seconds and fractions optional. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Whether `value` names one instant: an ISO 8601 date and time with its offset, a real calendar date. */
export function isIsoWithOffset(value: string): boolean {
  if (!ISO_WITH_OFFSET.test(value)) return false;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return false;
  // Date.parse rolls 31 February over to March: the calendar date must survive the round trip.
  const [, month, day] = /^\d{4}-(\d{2})-(\d{2})/.exec(value)!;
  const offsetMinutes = offsetMinutesOf(value);
  const local = new Date(instant + offsetMinutes * 60_000);
  return local.getUTCMonth() + 1 === Number(month) && local.getUTCDate() === Number(day);
}

/** "+0530" written as "+05:30": every browser reads the extended form, not all the basic one. */
export function withColonOffset(value: string): string {
  return value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

/** The offset of an ISO 8601 value, in minutes east of UTC. */
export function offsetMinutesOf(value: string): number {
  const match = /(Z|([+-])(\d{2}):?(\d{2}))$/.exec(value);
  if (!match || match[1] === 'Z') return 0;
  const minutes = Number(match[3]) * 60 + Number(match[4]);
  return match[2] === '-' ? -minutes : minutes;
}

/** "15 October 2025" in the conference's time zone. */
export function formatConferenceDate(value: string): string {
  return formatDayIn(new Date(value), currentConference().timeZone);
}

/** "23:59 IST" in the conference's time zone. */
export function formatConferenceClock(value: string): string {
  return formatClockIn(new Date(value), currentConference().timeZone);
}

/** "15 October 2025 23:59 IST": how every deadline is named to authors and admins. */
export function formatConferenceTime(value: string): string {
  return formatMomentIn(new Date(value), currentConference().timeZone);
}

/** "15-17 December 2025" (or across months and years) in the conference's time zone. */
export function formatDateRange(starts: string, ends: string): string {
  const a = wallClockIn(new Date(starts), currentConference().timeZone);
  const b = wallClockIn(new Date(ends), currentConference().timeZone);
  if (a.year !== b.year) return `${formatConferenceDate(starts)} - ${formatConferenceDate(ends)}`;
  if (a.month !== b.month) return `${a.day} ${a.monthName} - ${b.day} ${b.monthName} ${b.year}`;
  if (a.day === b.day) return formatConferenceDate(starts);
  return `${a.day}-${b.day} ${b.monthName} ${b.year}`;
}

/** The conference's calendar day of an instant, e.g. "2025-10-15" (for <time dateTime>). */
export function conferenceDay(value: string): string {
  const clock = wallClockIn(new Date(value), currentConference().timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/**
 * Whether an author step is still open at `now`: open up to and including the closing second,
 * plus the grace period. The state machine asks this; the pages show the same deadline.
 */
export function isOpenAt(closesAt: string, now: Date, graceMs = 0): boolean {
  // To the second, as deadlines are written: 23:59:59 takes 23:59:59.999.
  return Math.floor(now.getTime() / 1000) * 1000 <= Date.parse(closesAt) + graceMs;
}
