import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUsDateTime, relativeSubmissionDate, relativeTime } from './dates.ts';

describe('formatDate', () => {
  // Midday UTC keeps the calendar day the same in every time zone the test may run in.
  it('writes day, month name and year', () => {
    expect(formatDate('2025-12-15T12:00:00.000Z')).toBe('15 December 2025');
    expect(formatDate(new Date('2025-07-21T12:00:00Z'))).toBe('21 July 2025');
  });

  it("writes the reader's day without a zone's formatter, the same day as in the reader's zone by name", () => {
    const zoneBefore = process.env.TZ;
    try {
      // Either side of midnight, and of the clocks' changes, in zones ahead of and behind UTC.
      const instants = ['2025-03-30T00:30:00Z', '2025-03-30T23:30:00Z', '2025-11-02T06:59:00Z', '2025-12-31T23:59:00Z'];
      for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kathmandu', 'Europe/Warsaw', 'UTC']) {
        process.env.TZ = zone;
        for (const iso of instants) expect(formatDate(iso), `${iso} in ${zone}`).toBe(formatDate(iso, zone));
      }
      process.env.TZ = 'Pacific/Auckland';
      expect(formatDate('2025-12-31T12:00:00Z')).toBe('1 January 2026');
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
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

describe('formatDateTime', () => {
  it('writes the moment with its zone, at the conference and at the visitor', () => {
    expect(formatDateTime('2025-12-15T15:05:00Z', 'Asia/Kolkata')).toBe('15 December 2025 20:35 IST');
    expect(formatDateTime('2025-12-15T15:05:00Z', 'Europe/Warsaw')).toBe('15 December 2025 16:05 CET');
    expect(formatDateTime('2025-07-15T15:05:00Z', 'Europe/Warsaw')).toBe('15 July 2025 17:05 CEST');
    expect(formatDateTime('2025-12-15T15:05:00Z', 'Asia/Ho_Chi_Minh')).toBe('15 December 2025 22:05 GMT+7');
    expect(formatDateTime('2025-12-15T20:05:00Z', 'America/New_York')).toBe('15 December 2025 15:05 EST');
  });

  it("names India's zone IST under either of its names", () => {
    expect(formatDateTime('2025-12-15T08:35:00Z', 'Asia/Calcutta')).toBe('15 December 2025 14:05 IST');
    expect(formatDateTime('2025-12-15T08:35:00Z', 'Asia/Kolkata')).toBe('15 December 2025 14:05 IST');
  });

  it('turns the day over where the zone does', () => {
    expect(formatDateTime('2025-12-15T20:00:00Z', 'Asia/Kolkata')).toBe('16 December 2025 01:30 IST');
    expect(formatDate('2025-12-15T20:00:00Z', 'Asia/Kolkata')).toBe('16 December 2025');
    expect(formatDate('2025-12-15T20:00:00Z', 'Europe/Moscow')).toBe('15 December 2025');
  });

  it('gives the spec texts for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('Unknown date');
    expect(formatDateTime('not a date')).toBe('Invalid date');
  });
});

describe('formatUsDateTime (spec 2.6, the user page)', () => {
  it('writes the long US date with a 12-hour time, plain spaces and the zone', () => {
    expect(formatUsDateTime('2025-12-15T15:05:00Z', 'UTC')).toBe('December 15, 2025 at 3:05 PM UTC');
    expect(formatUsDateTime('2025-01-02T00:07:00Z', 'UTC')).toBe('January 2, 2025 at 12:07 AM UTC');
    expect(formatUsDateTime('2025-12-15T12:00:00Z', 'UTC')).toBe('December 15, 2025 at 12:00 PM UTC');
  });

  it('uses the given time zone', () => {
    expect(formatUsDateTime('2025-12-15T15:05:00Z', 'Asia/Kolkata')).toBe('December 15, 2025 at 8:35 PM IST');
  });

  it('gives the spec texts for a missing or unreadable date', () => {
    expect(formatUsDateTime(null)).toBe('Unknown date');
    expect(formatUsDateTime('')).toBe('Unknown date');
    expect(formatUsDateTime('not a date')).toBe('Invalid date');
  });
});

const nowMs = Date.parse('2025-12-15T12:00:00Z');
const ago = (ms: number) => new Date(nowMs - ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [ago(59_000), 'just now'],
    [ago(60_000), '1 minute ago'],
    [ago(45 * 60_000), '45 minutes ago'],
    [ago(3600_000), '1 hour ago'],
    [ago(23 * 3600_000), '23 hours ago'],
    [ago(24 * 3600_000), '1 day ago'],
    [ago(6 * 24 * 3600_000), '6 days ago'],
    [ago(7 * 24 * 3600_000), '8 December 2025'],
  ])('%s is %s', (iso, text) => {
    expect(relativeTime(iso, nowMs)).toBe(text);
  });

  it('says when the date is missing or unreadable', () => {
    expect(relativeTime(undefined, nowMs)).toBe('Unknown date');
    expect(relativeTime('not a date', nowMs)).toBe('Invalid date');
  });
});

// Local-time constructors keep the calendar days the same in whatever time zone the test runs.
const today = new Date(2025, 11, 15, 9, 30);
const at = (day: number, hour = 12) => new Date(2025, 11, day, hour).toISOString();

describe('relativeSubmissionDate', () => {
  it('says Today for any time earlier today (and for a clock slightly ahead)', () => {
    expect(relativeSubmissionDate(at(15, 0), today)).toBe('Today');
    expect(relativeSubmissionDate(at(15, 23), today)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, however few hours ago', () => {
    expect(relativeSubmissionDate(new Date(2025, 11, 14, 23, 59).toISOString(), today)).toBe('Yesterday');
    expect(relativeSubmissionDate(at(14, 0), today)).toBe('Yesterday');
  });

  it('counts days up to 7', () => {
    expect(relativeSubmissionDate(at(13), today)).toBe('2 days ago');
    expect(relativeSubmissionDate(at(8), today)).toBe('7 days ago');
  });

  it('writes the date from the eighth day on', () => {
    expect(relativeSubmissionDate(at(7), today)).toBe('7 December 2025');
    expect(relativeSubmissionDate(new Date(2024, 0, 3, 12).toISOString(), today)).toBe('3 January 2024');
  });

  it('says resubmission needed for the epoch-zero date', () => {
    expect(relativeSubmissionDate('1970-01-01T00:00:00.000Z', today)).toBe('resubmission needed');
  });

  it('says when the date is missing or unreadable', () => {
    expect(relativeSubmissionDate(null, today)).toBe('Unknown date');
    expect(relativeSubmissionDate('', today)).toBe('Unknown date');
    expect(relativeSubmissionDate('soon', today)).toBe('Invalid date');
  });
});
