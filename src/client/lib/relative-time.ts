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
