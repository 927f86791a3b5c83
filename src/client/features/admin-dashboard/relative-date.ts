import { formatDate } from '../../lib/dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
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
  const days = Math.round((localMidnight(now) - localMidnight(date)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= RELATIVE_WINDOW_DAYS) return `${days} days ago`;
  return formatDate(date);
}
