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
