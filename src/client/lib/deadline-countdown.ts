import { CONFERENCE } from '@shared/conference.ts';
import { DEADLINE_MESSAGES, type DeadlineStep, isOpenAt, type StepDeadline } from '@shared/domain/deadlines.ts';
import { formatCount } from './numbers.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${formatCount(count)} ${unit}${count === 1 ? '' : 's'}`;

/** How long is left, in whole days, or hours under a day, or minutes under an hour: "3 days". */
export function timeLeftText(leftMs: number): string {
  if (leftMs < MINUTE_MS) return 'less than a minute';
  if (leftMs < HOUR_MS) return plural(Math.floor(leftMs / MINUTE_MS), 'minute');
  if (leftMs < DAY_MS) return plural(Math.floor(leftMs / HOUR_MS), 'hour');
  return plural(Math.floor(leftMs / DAY_MS), 'day');
}

/** The visitor's own IANA time zone, as the browser reports it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || CONFERENCE.timeZone;
}

interface WallClock {
  date: string;
  year: string;
  time: string;
}

function wallClockIn(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('day')} ${part('month')}`, year: part('year'), time: `${part('hour')}:${part('minute')}` };
}

const OFFSET_NAME = /^(GMT|UTC)[+\-\u2212]/;

/**
 * The zone's short name at `instant`: "CEST", "BST", "EDT". British English names the European
 * zones and American English the American ones; where neither has a name, the offset ("GMT+9").
 */
function shortZoneName(instant: Date, timeZone: string): string {
  const nameIn = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const british = nameIn('en-GB');
  if (!OFFSET_NAME.test(british)) return british;
  const american = nameIn('en-US');
  return OFFSET_NAME.test(american) ? british : american;
}

/**
 * When a deadline falls, in the conference's zone and then in the visitor's: "15 October 23:59
 * IST = 20:29 CEST". The visitor's date is said only when it differs, the year only when it is
 * not this year, and the visitor's time not at all when their clock reads the same as the
 * conference's.
 */
export function deadlineMomentText(closesAt: string, now: number, visitorTimeZone: string): string {
  const instant = new Date(closesAt);
  const thisYear = wallClockIn(new Date(now), CONFERENCE.timeZone).year;
  const dateText = (clock: WallClock) => (clock.year === thisYear ? clock.date : `${clock.date} ${clock.year}`);
  const conference = wallClockIn(instant, CONFERENCE.timeZone);
  const conferenceText = `${dateText(conference)} ${conference.time} ${CONFERENCE.timeZoneName}`;
  const visitor = wallClockIn(instant, visitorTimeZone);
  const sameDate = visitor.date === conference.date && visitor.year === conference.year;
  if (sameDate && visitor.time === conference.time) return conferenceText;
  const visitorDate = sameDate ? '' : `${dateText(visitor)} `;
  return `${conferenceText} = ${visitorDate}${visitor.time} ${shortZoneName(instant, visitorTimeZone)}`;
}

export interface DeadlineCountdown {
  open: boolean;
  /** The countdown while open; the closed message once the deadline has passed. */
  text: string;
}

/**
 * A step's deadline as the author reads it at `now`. The server's grace period is not applied:
 * pages show the deadline as announced.
 */
export function deadlineCountdown(
  step: DeadlineStep,
  deadline: StepDeadline,
  now: number,
  visitorTimeZone: string = browserTimeZone(),
): DeadlineCountdown {
  const { closesAt, extended } = deadline;
  if (!isOpenAt(closesAt, new Date(now))) return { open: false, text: DEADLINE_MESSAGES.passed(step, closesAt) };
  const moment = deadlineMomentText(closesAt, now, visitorTimeZone);
  const left = timeLeftText(Date.parse(closesAt) - now);
  return {
    open: true,
    text: extended ? `Extended for this paper until ${moment} (closes in ${left})` : `Closes in ${left}, ${moment}`,
  };
}
