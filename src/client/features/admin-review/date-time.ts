/**
 * Long US date with 12-hour time, e.g. "December 15, 2025 at 3:05 PM" (spec 2.6), in the
 * reader's time zone unless one is given. Built from parts because newer ICU data puts a
 * narrow no-break space before "PM", which reads the same but breaks copy and search.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
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
