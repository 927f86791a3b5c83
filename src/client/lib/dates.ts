import { currentConference } from '@shared/conference.ts';
import { formatDayIn, formatMomentIn, MONTH_NAMES, zoneAbbreviation } from '@shared/format/dates.ts';

/**
 * The client's dates, on the site's one style (shared/format/dates.ts): "15 December 2025", and a
 * moment with its zone, "15 December 2025 14:05 CET", in the reader's zone unless one is given.
 */

let visitorZone: string | undefined;

/** The visitor's own IANA time zone, as the browser reports it (asked once: asking builds a formatter). */
export function browserTimeZone(): string {
  visitorZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || currentConference().timeZone;
  return visitorZone;
}

/** The instant of an API date, or the spec's text for a missing or unreadable one (section 8). */
function instantOf(value: string | Date | null | undefined): Date | 'Unknown date' | 'Invalid date' {
  if (value === null || value === undefined || value === '') return 'Unknown date';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : date;
}

/**
 * A day, e.g. "15 December 2025", in the reader's zone unless one is given. The reader's day is
 * the Date's own local fields: no time-zone formatter is built for it, the first of which cost a
 * phone a long task as a list of papers arrived (docs/performance.md).
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  const instant = instantOf(value);
  if (!(instant instanceof Date)) return instant;
  if (timeZone !== undefined) return formatDayIn(instant, timeZone);
  return `${instant.getDate()} ${MONTH_NAMES[instant.getMonth()]} ${instant.getFullYear()}`;
}

/** A moment to the minute with its zone, e.g. "15 December 2025 14:05 CET", for when something happened. */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string = browserTimeZone()): string {
  const instant = instantOf(value);
  return instant instanceof Date ? formatMomentIn(instant, timeZone) : instant;
}

/**
 * Long US date with 12-hour time and its zone, e.g. "December 15, 2025 at 3:05 PM CET": the
 * spec's style for the user page's activity (spec 2.6), and only there. Built from parts because
 * newer ICU data puts a narrow no-break space before "PM", which breaks copy and search.
 */
export function formatUsDateTime(value: string | null | undefined, timeZone: string = browserTimeZone()): string {
  const instant = instantOf(value);
  if (!(instant instanceof Date)) return instant;
  const parts = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const clock = `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
  return `${part('month')} ${part('day')}, ${part('year')} at ${clock} ${zoneAbbreviation(instant, timeZone)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date (spec 8). */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return 'Unknown date';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return 'Invalid date';
  const elapsed = Math.max(0, now - time);
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return count(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return count(Math.floor(elapsed / DAY), 'day');
  return formatDate(new Date(time));
}

/** Spec 9: dates up to this many days back are written relative to today. */
const RELATIVE_WINDOW_DAYS = 7;

function localMidnight(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * When a paper was submitted, as the Recent Submissions list writes it (spec 2.3): Today,
 * Yesterday, "N days ago" up to 7 days, else the date ("15 December 2025"). Days are calendar
 * days in the reader's time zone. An epoch-zero date is how a reset submission is stored, so
 * it reads "resubmission needed".
 */
export function relativeSubmissionDate(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return formatDate(value);
  const date = new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return formatDate(value);
  if (time === 0) return 'resubmission needed';
  // Rounding absorbs the hour a daylight-saving change adds or removes between the two midnights.
  const days = Math.round((localMidnight(now) - localMidnight(date)) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= RELATIVE_WINDOW_DAYS) return `${days} days ago`;
  return formatDate(date);
}
