import { currentConference } from '@shared/conference.ts';
import { conferenceDay } from '@shared/domain/deadlines.ts';
import { formatTimeOfDayIn, MONTH_NAMES, weekdayOf } from '@shared/format/dates.ts';
import type { ProgrammeSession } from '@shared/schemas/programme.ts';

/** A programme's sessions by conference day, for the public schedule's and the organisers' day tabs. */

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

function dayLabels(date: string): { label: string; shortLabel: string } {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = weekdayOf(date);
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
    const date = conferenceDay(session.startsAt);
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
