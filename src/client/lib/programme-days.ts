import { currentConference } from '@shared/conference.ts';
import { formatTimeOfDayIn, MONTH_NAMES, wallClockIn } from '@shared/format/dates.ts';
import type { ProgrammeSession } from '@shared/schemas/programme.ts';

/** A programme's sessions by conference day, for the public schedule's and the organisers' day tabs. */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** "10:15" in the conference's zone. */
export function conferenceClock(instant: string): string {
  return formatTimeOfDayIn(new Date(instant), currentConference().timeZone);
}

export interface ScheduleDay {
  /** "2025-12-15": the day in the conference's zone, whatever the visitor's. */
  date: string;
  /** "Mon 15 Dec", for a tab. */
  shortLabel: string;
  /** "Monday 15 December". */
  label: string;
  sessions: ProgrammeSession[];
}

/** The conference-zone date of an instant: "2025-12-15". */
export function conferenceDate(instant: string): string {
  const clock = wallClockIn(new Date(instant), currentConference().timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

function dayLabels(date: string): { label: string; shortLabel: string } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const monthName = MONTH_NAMES[month - 1]!;
  return {
    label: `${weekday} ${day} ${monthName}`,
    shortLabel: `${weekday.slice(0, 3)} ${day} ${monthName.slice(0, 3)}`,
  };
}

/**
 * The programme's days in order, each with its sessions by start time, then by room. No Intl
 * here (collation, zone names): the first use of either costs a phone a long task.
 */
export function scheduleDays(programme: {
  rooms: readonly { _id: string; position: number }[];
  sessions: readonly ProgrammeSession[];
}): ScheduleDay[] {
  const roomOrder = new Map(programme.rooms.map((room) => [room._id, room.position]));
  const byDate = new Map<string, ProgrammeSession[]>();
  for (const session of programme.sessions) {
    const date = conferenceDate(session.startsAt);
    byDate.set(date, [...(byDate.get(date) ?? []), session]);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, sessions]) => ({
      date,
      ...dayLabels(date),
      sessions: sessions.sort(
        (a, b) =>
          Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
          (roomOrder.get(a.roomId ?? '') ?? -1) - (roomOrder.get(b.roomId ?? '') ?? -1),
      ),
    }));
}
