import { currentConference } from '@shared/conference.ts';
import { DEADLINE_MESSAGES, type DeadlineStep, isOpenAt, type StepDeadline } from '@shared/domain/deadlines.ts';
import { formatTimeOfDayIn, wallClockIn, zoneAbbreviation } from '@shared/format/dates.ts';
import { browserTimeZone } from './dates.ts';
import { formatCount } from '@shared/format/numbers.ts';

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

interface DayAndTime {
  date: string;
  year: number;
  time: string;
}

function dayAndTimeIn(instant: Date, timeZone: string): DayAndTime {
  const clock = wallClockIn(instant, timeZone);
  return { date: `${clock.day} ${clock.monthName}`, year: clock.year, time: formatTimeOfDayIn(instant, timeZone) };
}

/**
 * When a deadline falls, in the conference's zone and then in the visitor's: "15 October 23:59
 * IST = 20:29 CEST". The visitor's date is said only when it differs, the year only when it is
 * not this year, and the visitor's time not at all when their clock reads the same as the
 * conference's.
 */
export function deadlineMomentText(closesAt: string, now: number, visitorTimeZone: string): string {
  const instant = new Date(closesAt);
  const thisYear = wallClockIn(new Date(now), currentConference().timeZone).year;
  const dateText = (clock: DayAndTime) => (clock.year === thisYear ? clock.date : `${clock.date} ${clock.year}`);
  const conference = dayAndTimeIn(instant, currentConference().timeZone);
  const conferenceText = `${dateText(conference)} ${conference.time} ${currentConference().timeZoneName}`;
  const visitor = dayAndTimeIn(instant, visitorTimeZone);
  const sameDate = visitor.date === conference.date && visitor.year === conference.year;
  if (sameDate && visitor.time === conference.time) return conferenceText;
  const visitorDate = sameDate ? '' : `${dateText(visitor)} `;
  return `${conferenceText} = ${visitorDate}${visitor.time} ${zoneAbbreviation(instant, visitorTimeZone)}`;
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
