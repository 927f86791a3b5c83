/** One date style across the site, e.g. "15 December 2025", in the reader's time zone. */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Formats an ISO date from the API; the spec's texts for a missing or unreadable one (section 8). */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Unknown date';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return dateFormat.format(date);
}

/** A moment to the minute, e.g. "15 December 2025 at 14:05", for when something happened. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : dateTimeFormat.format(date);
}

/**
 * Long US date with 12-hour time, e.g. "December 15, 2025 at 3:05 PM" (spec 2.6), in the
 * reader's time zone unless one is given. Built from parts because newer ICU data puts a
 * narrow no-break space before "PM", which reads the same but breaks copy and search.
 */
export function formatUsDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return 'Unknown date';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const parts = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
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
  return new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
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
