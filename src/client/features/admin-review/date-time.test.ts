import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('writes the long US date with a 12-hour time and plain spaces', () => {
    expect(formatDateTime('2025-12-15T15:05:00Z', 'UTC')).toBe('December 15, 2025 at 3:05 PM');
    expect(formatDateTime('2025-01-02T00:07:00Z', 'UTC')).toBe('January 2, 2025 at 12:07 AM');
    expect(formatDateTime('2025-12-15T12:00:00Z', 'UTC')).toBe('December 15, 2025 at 12:00 PM');
  });

  it('uses the given time zone', () => {
    expect(formatDateTime('2025-12-15T15:05:00Z', 'Asia/Kolkata')).toBe('December 15, 2025 at 8:35 PM');
  });

  it('gives the spec texts for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('Unknown date');
    expect(formatDateTime('')).toBe('Unknown date');
    expect(formatDateTime('not a date')).toBe('Invalid date');
  });
});
