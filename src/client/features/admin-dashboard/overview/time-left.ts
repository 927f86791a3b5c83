import { formatCount } from '@shared/format/numbers.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${formatCount(count)} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long until a deadline, in whole days ("12 days left"), or hours under a day; past the
 * deadline, the step is still open only for its grace period.
 */
export function daysLeftText(closesAt: string, now: number): string {
  const left = Date.parse(closesAt) - now;
  if (left <= 0) return 'in its grace period';
  if (left < HOUR_MS) return 'less than an hour left';
  if (left < DAY_MS) return `${plural(Math.floor(left / HOUR_MS), 'hour')} left`;
  return `${plural(Math.floor(left / DAY_MS), 'day')} left`;
}
