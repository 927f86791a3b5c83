import { describe, expect, it } from 'vitest';
import { relativeSubmissionDate } from './relative-date.ts';

// Local-time constructors keep the calendar days the same in whatever time zone the test runs.
const now = new Date(2025, 11, 15, 9, 30);
const at = (day: number, hour = 12) => new Date(2025, 11, day, hour).toISOString();

describe('relativeSubmissionDate', () => {
  it('says Today for any time earlier today (and for a clock slightly ahead)', () => {
    expect(relativeSubmissionDate(at(15, 0), now)).toBe('Today');
    expect(relativeSubmissionDate(at(15, 23), now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, however few hours ago', () => {
    expect(relativeSubmissionDate(new Date(2025, 11, 14, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(relativeSubmissionDate(at(14, 0), now)).toBe('Yesterday');
  });

  it('counts days up to 7', () => {
    expect(relativeSubmissionDate(at(13), now)).toBe('2 days ago');
    expect(relativeSubmissionDate(at(8), now)).toBe('7 days ago');
  });

  it('writes the date from the eighth day on', () => {
    expect(relativeSubmissionDate(at(7), now)).toBe('7 December 2025');
    expect(relativeSubmissionDate(new Date(2024, 0, 3, 12).toISOString(), now)).toBe('3 January 2024');
  });

  it('says resubmission needed for the epoch-zero date', () => {
    expect(relativeSubmissionDate('1970-01-01T00:00:00.000Z', now)).toBe('resubmission needed');
  });

  it('says when the date is missing or unreadable', () => {
    expect(relativeSubmissionDate(null, now)).toBe('Unknown date');
    expect(relativeSubmissionDate('', now)).toBe('Unknown date');
    expect(relativeSubmissionDate('soon', now)).toBe('Invalid date');
  });
});
