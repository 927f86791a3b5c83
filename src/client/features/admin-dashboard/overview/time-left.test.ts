import { describe, expect, it } from 'vitest';
import { daysLeftText } from './time-left.ts';

const closesAt = '2025-10-15T23:59:00+05:30';
const before = (ms: number) => Date.parse(closesAt) - ms;
const HOUR = 3_600_000;

describe('daysLeftText', () => {
  it('counts whole days from a day on', () => {
    expect(daysLeftText(closesAt, before(12 * 24 * HOUR + 5 * HOUR))).toBe('12 days left');
    expect(daysLeftText(closesAt, before(24 * HOUR))).toBe('1 day left');
  });

  it('counts hours under a day', () => {
    expect(daysLeftText(closesAt, before(23 * HOUR + 59 * 60_000))).toBe('23 hours left');
    expect(daysLeftText(closesAt, before(HOUR))).toBe('1 hour left');
    expect(daysLeftText(closesAt, before(59 * 60_000))).toBe('less than an hour left');
  });

  it('says the grace period is running once the deadline has passed', () => {
    expect(daysLeftText(closesAt, before(0))).toBe('in its grace period');
    expect(daysLeftText(closesAt, before(-60_000))).toBe('in its grace period');
  });
});
