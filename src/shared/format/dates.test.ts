import { describe, expect, it } from 'vitest';
import {
  formatDayIn,
  formatMomentIn,
  formatNumericDayIn,
  formatTimeOfDayIn,
  MONTH_NAMES,
  wallClockIn,
  zoneAbbreviation,
} from './dates.ts';

describe("the site's date style", () => {
  it("names the months as en-GB's own calendar does", () => {
    const months = Array.from({ length: 12 }, (_, index) =>
      new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2025, index, 1)),
    );
    expect(MONTH_NAMES).toEqual(months);
  });

  it('reads the wall clock of the zone asked for, across a day and a year boundary', () => {
    const lateOnNewYearsEve = new Date('2025-12-31T20:00:00Z');
    expect(wallClockIn(lateOnNewYearsEve, 'Asia/Kolkata')).toEqual({
      year: 2026,
      month: 1,
      monthName: 'January',
      day: 1,
      hour: 1,
      minute: 30,
      second: 0,
    });
    expect(formatDayIn(lateOnNewYearsEve, 'America/New_York')).toBe('31 December 2025');
    expect(formatNumericDayIn(lateOnNewYearsEve, 'Asia/Kolkata')).toBe('01/01/2026');
  });

  it("reads IST's clock as its own formatter does, from 1946 to 2100, and before 1945 as Intl", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const fromIntl = (instant: Date) => {
      const part = (type: string) => Number(intl.formatToParts(instant).find((p) => p.type === type)?.value);
      return [part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second')];
    };
    const start = Date.UTC(1946, 0, 1);
    const end = Date.UTC(2100, 11, 31);
    // A prime step visits every hour, minute and second, and every day of the year, over the range.
    for (let time = start; time < end; time += 7_919_113_007) {
      const instant = new Date(time);
      const clock = wallClockIn(instant, 'Asia/Calcutta');
      expect(
        [clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second],
        instant.toISOString(),
      ).toEqual(fromIntl(instant));
    }
    // During the war India kept +06:30: Intl's answer, not the fixed offset's.
    const wartime = new Date('1943-06-01T00:00:00Z');
    expect(wallClockIn(wartime, 'Asia/Kolkata').hour).toBe(fromIntl(wartime)[3]);
  });

  it('always names the zone of a time, IST under either of its names', () => {
    const instant = new Date('2025-12-15T08:35:00Z');
    expect(formatMomentIn(instant, 'Asia/Kolkata')).toBe('15 December 2025 14:05 IST');
    expect(zoneAbbreviation(instant, 'Asia/Calcutta')).toBe('IST');
    expect(formatMomentIn(instant, 'Europe/Warsaw')).toBe('15 December 2025 09:35 CET');
    expect(zoneAbbreviation(new Date('2025-07-01T12:00:00Z'), 'America/Chicago')).toBe('CDT');
    expect(zoneAbbreviation(instant, 'Asia/Tokyo')).toBe('GMT+9');
  });

  it('writes a clock alone, for a timetable that names its zone once, on a 24-hour clock', () => {
    expect(formatTimeOfDayIn(new Date('2025-12-15T03:35:00Z'), 'Asia/Kolkata')).toBe('09:05');
    expect(formatTimeOfDayIn(new Date('2025-12-15T18:29:00Z'), 'Asia/Kolkata')).toBe('23:59');
    expect(formatTimeOfDayIn(new Date('2025-12-15T23:00:00Z'), 'Europe/Warsaw')).toBe('00:00');
  });
});
