import { currentConference } from '../conference.ts';

/**
 * The site's one way to write a date, on the pages and in the documents alike: British English,
 * day before month, the month in words, a 24-hour clock, and the zone named whenever a time is.
 * "15 December 2025", "15 December 2025 14:05 IST", "15/12/2025" in a spreadsheet.
 */

const LOCALE = 'en-GB';

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * en-GB's month names, written out: asking Intl for them built twelve formatters when the module
 * loaded, the costliest step of a phone's first paint (dates.test.ts checks them against Intl).
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The day of the week of a calendar date: "Monday" for "2025-12-15". */
export function weekdayOf(date: string): string {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
}

/** What a wall clock in `timeZone` reads at `instant`. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  monthName: string;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * India Standard Time has been UTC+05:30 all year, under both its zone names, since 15 October
 * 1945: its wall clock is arithmetic. A phone's first page shows the conference's dates, and the
 * first time-zone formatter it builds costs it more than anything else on the page.
 */
const IST_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta']);
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const IST_FIXED_SINCE = Date.UTC(1945, 9, 14, 18, 30);

function istWallClock(instant: Date): WallClock {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  const month = shifted.getUTCMonth() + 1;
  return {
    year: shifted.getUTCFullYear(),
    month,
    monthName: MONTH_NAMES[month - 1]!,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

export function wallClockIn(instant: Date, timeZone: string): WallClock {
  if (IST_ZONES.has(timeZone) && instant.getTime() >= IST_FIXED_SINCE) return istWallClock(instant);
  const parts = clockIn(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const month = Number(part('month'));
  return {
    year: Number(part('year')),
    month,
    monthName: MONTH_NAMES[month - 1]!,
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
  };
}

/** A zone's canonical IANA name: Asia/Kolkata and Asia/Calcutta are one zone. */
function canonicalZone(timeZone: string): string {
  return clockIn(timeZone).resolvedOptions().timeZone;
}

const OFFSET_NAME = /^(GMT|UTC)[+\-\u2212]/;

const zoneNamers = new Map<string, Intl.DateTimeFormat>();

function zoneNamerIn(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let namer = zoneNamers.get(key);
  if (!namer) {
    namer = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneNamers.set(key, namer);
  }
  return namer;
}

/**
 * The zone's short name at `instant`: "IST" for the conference's, else "CEST", "BST", "EDT".
 * British English names the European zones and American English the American ones; where
 * neither has a name, the offset ("GMT+9").
 */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  // Browsers in India report the zone by its older name, Asia/Calcutta: the same zone.
  if (IST_ZONES.has(timeZone) || canonicalZone(timeZone) === canonicalZone(currentConference().timeZone))
    return currentConference().timeZoneName;
  const nameIn = (locale: string) =>
    zoneNamerIn(locale, timeZone)
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const british = nameIn(LOCALE);
  if (!OFFSET_NAME.test(british)) return british;
  const american = nameIn('en-US');
  return OFFSET_NAME.test(american) ? british : american;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "15 December 2025". */
export function formatDayIn(instant: Date, timeZone: string): string {
  const clock = wallClockIn(instant, timeZone);
  return `${clock.day} ${clock.monthName} ${clock.year}`;
}

/**
 * "14:05": the wall clock alone, for a timetable or a range ("10:15–10:30 IST") that names its
 * zone once.
 */
export function formatTimeOfDayIn(instant: Date, timeZone: string): string {
  const clock = wallClockIn(instant, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** "14:05 CET". */
export function formatClockIn(instant: Date, timeZone: string): string {
  return `${formatTimeOfDayIn(instant, timeZone)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** "15 December 2025 14:05 CET": a moment, always with its zone. */
export function formatMomentIn(instant: Date, timeZone: string): string {
  return `${formatDayIn(instant, timeZone)} ${formatClockIn(instant, timeZone)}`;
}

/** "15/12/2025": a day in a spreadsheet's cell, which reads it as a date. */
export function formatNumericDayIn(instant: Date, timeZone: string): string {
  const clock = wallClockIn(instant, timeZone);
  return `${pad(clock.day)}/${pad(clock.month)}/${clock.year}`;
}
