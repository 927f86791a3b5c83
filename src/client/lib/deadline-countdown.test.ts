import { describe, expect, it } from 'vitest';
import { deadlineCountdown, deadlineMomentText, timeLeftText } from './deadline-countdown.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ABSTRACT_DEADLINE = '2025-10-15T23:59:59+05:30';
const closesAtMs = Date.parse(ABSTRACT_DEADLINE);
const abstract = { closesAt: ABSTRACT_DEADLINE, extended: false };

describe('timeLeftText', () => {
  it.each([
    [3 * DAY + 5 * HOUR, '3 days'],
    [DAY, '1 day'],
    [DAY - 1, '23 hours'],
    [5 * HOUR + 59 * MINUTE, '5 hours'],
    [HOUR, '1 hour'],
    [12 * MINUTE + 30_000, '12 minutes'],
    [MINUTE, '1 minute'],
    [59_999, 'less than a minute'],
    [0, 'less than a minute'],
  ])('%i ms left reads "%s"', (left, text) => {
    expect(timeLeftText(left)).toBe(text);
  });
});

describe('deadlineMomentText', () => {
  const now = Date.parse('2025-10-01T12:00:00+05:30');

  it("adds the visitor's own clock time and zone name", () => {
    expect(deadlineMomentText(ABSTRACT_DEADLINE, now, 'Europe/Berlin')).toBe('15 October 23:59 IST = 20:29 CEST');
    expect(deadlineMomentText(ABSTRACT_DEADLINE, now, 'America/New_York')).toBe('15 October 23:59 IST = 14:29 EDT');
  });

  it("leaves the visitor's time out when their clock reads the same", () => {
    expect(deadlineMomentText(ABSTRACT_DEADLINE, now, 'Asia/Kolkata')).toBe('15 October 23:59 IST');
    expect(deadlineMomentText(ABSTRACT_DEADLINE, now, 'Asia/Colombo')).toBe('15 October 23:59 IST');
  });

  it("names the visitor's date when it is another day there, and the offset where the zone has no name", () => {
    expect(deadlineMomentText(ABSTRACT_DEADLINE, now, 'Pacific/Auckland')).toBe(
      '15 October 23:59 IST = 16 October 07:29 GMT+13',
    );
  });

  it('gives the year only when it is not this year', () => {
    expect(deadlineMomentText(ABSTRACT_DEADLINE, Date.parse('2024-12-01T00:00:00Z'), 'Europe/London')).toBe(
      '15 October 2025 23:59 IST = 19:29 BST',
    );
    expect(deadlineMomentText('2025-12-31T23:59:59+05:30', now, 'Pacific/Auckland')).toBe(
      '31 December 23:59 IST = 1 January 2026 07:29 GMT+13',
    );
  });
});

describe('deadlineCountdown', () => {
  const countdown = (leftMs: number, timeZone = 'Europe/Berlin') =>
    deadlineCountdown('abstract', abstract, closesAtMs - leftMs, timeZone);

  it('counts down in days, hours, minutes, then less than a minute', () => {
    expect(countdown(3 * DAY + 2 * HOUR)).toEqual({
      open: true,
      text: 'Closes in 3 days, 15 October 23:59 IST = 20:29 CEST',
    });
    expect(countdown(5 * HOUR + 10 * MINUTE, 'Asia/Kolkata').text).toBe('Closes in 5 hours, 15 October 23:59 IST');
    expect(countdown(12 * MINUTE).text).toBe('Closes in 12 minutes, 15 October 23:59 IST = 20:29 CEST');
    expect(countdown(20_000).text).toBe('Closes in less than a minute, 15 October 23:59 IST = 20:29 CEST');
  });

  it('is open through the closing second and closed after it, without a grace period', () => {
    expect(countdown(0).open).toBe(true);
    expect(countdown(-999).open).toBe(true);
    expect(countdown(-1000)).toEqual({
      open: false,
      text: 'The extended abstract deadline, 15 October 2025 23:59 IST, has passed.',
    });
  });

  it('says when the deadline was extended for the paper', () => {
    const extension = { closesAt: '2025-12-20T23:59:59+05:30', extended: true };
    const now = Date.parse('2025-12-15T10:00:00+05:30');
    expect(deadlineCountdown('fullPaper', extension, now, 'Europe/Berlin')).toEqual({
      open: true,
      text: 'Extended for this paper until 20 December 23:59 IST = 19:29 CET (closes in 5 days)',
    });
    expect(deadlineCountdown('fullPaper', extension, Date.parse('2025-12-21T00:00:00+05:30'), 'UTC').text).toBe(
      'The full paper deadline, 20 December 2025 23:59 IST, has passed.',
    );
  });
});
