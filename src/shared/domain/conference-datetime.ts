import { currentConference } from '../conference.ts';
import { wallClockIn } from '../format/dates.ts';

/**
 * A date-and-time input (`<input type="datetime-local">`) holds a wall-clock time without a zone.
 * The admin's inputs are read in the conference's time zone, whatever the browser's own, and sent
 * as ISO 8601 with that zone's offset.
 */

/** "2025-10-15T23:59", optionally with seconds: what a datetime-local input reports. */
const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const MINUTE_MS = 60_000;

/** The conference's wall clock at `instant`, as if that wall clock were UTC (ms since the epoch). */
function wallClockAsUtc(instant: number): number {
  const clock = wallClockIn(new Date(instant), currentConference().timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/** The conference zone's offset from UTC at `instant`, in minutes east. */
function offsetMinutesAt(instant: number): number {
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClockAsUtc(wholeSeconds) - wholeSeconds) / MINUTE_MS);
}

/** The conference zone's offset from UTC at an ISO 8601 instant, in minutes east: 330 for IST. */
export const conferenceOffsetAt = (iso: string) => offsetMinutesAt(Date.parse(iso));

/** "+05:30" for 330 minutes, "-03:00" for -180. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** "IST, UTC+05:30": said beside every date-and-time input. */
export function conferenceZoneText(at: number = Date.now()): string {
  return `${currentConference().timeZoneName}, UTC${formatOffset(offsetMinutesAt(at))}`;
}

/** An ISO 8601 instant as a datetime-local value in the conference's zone, to the minute: "2025-10-15T23:59". */
export function toConferenceInputValue(iso: string): string {
  return new Date(wallClockAsUtc(Date.parse(iso))).toISOString().slice(0, 16);
}

/**
 * A datetime-local value read in the conference's zone, as ISO 8601 with the zone's offset:
 * "2025-10-15T23:59" gives "2025-10-15T23:59:00+05:30", or "...23:59:59+05:30" for a closing
 * time (`closing`), which takes its whole minute as announced deadlines do. Null when it is not
 * a whole, real date and time.
 */
export function fromConferenceInputValue(value: string, { closing = false } = {}): string | null {
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = closing ? '59' : '00'] = match.slice(1);
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // Date.UTC rolls 31 February over to March: the written date must survive.
  if (new Date(wall).toISOString().slice(0, 19) !== `${year}-${month}-${day}T${hour}:${minute}:${second}`) return null;
  // The offset at the wall time read as UTC is a first guess; the offset at that guess is the zone's own.
  let offset = offsetMinutesAt(wall - offsetMinutesAt(wall) * MINUTE_MS);
  // A time the clocks skip (where they move forward, in some zones at midnight) is read with the
  // offset before the change, as Temporal's "compatible" reading does: the moment the clocks move,
  // not an hour before it (a midnight that does not exist would start the day on the day before).
  if (wallClockAsUtc(wall - offset * MINUTE_MS) !== wall) offset = offsetMinutesAt(wall - (offset + 180) * MINUTE_MS);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${formatOffset(offset)}`;
}

/** A day and a wall-clock time in the conference's zone ("2030-06-30", "23:59:59"), as ISO 8601 with the zone's offset then. */
export function atConferenceWallClock(day: string, time: string): string {
  const iso = fromConferenceInputValue(`${day}T${time}`);
  if (!iso) throw new Error(`Not a date and time: ${day}T${time}`);
  return iso;
}

/** "2026-11-25" moved by `days`, as a calendar date. */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
