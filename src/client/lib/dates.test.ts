import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  // Midday UTC keeps the calendar day the same in every time zone the test may run in.
  it('writes day, month name and year', () => {
    expect(formatDate('2025-12-15T12:00:00.000Z')).toBe('15 December 2025');
    expect(formatDate(new Date('2025-07-21T12:00:00Z'))).toBe('21 July 2025');
  });

  it('says Unknown date when there is none', () => {
    expect(formatDate(undefined)).toBe('Unknown date');
    expect(formatDate(null)).toBe('Unknown date');
    expect(formatDate('')).toBe('Unknown date');
  });

  it('says Invalid date when the value cannot be read', () => {
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatDate(new Date(Number.NaN))).toBe('Invalid date');
  });
});
