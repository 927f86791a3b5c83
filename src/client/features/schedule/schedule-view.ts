import type { ProgrammeSession } from '@shared/schemas/programme.ts';
import type { ScheduleDay } from '@client/lib/programme-days.ts';

/** The public Event Schedule's reading of a published programme: what a theme and a search leave, and the grid's rows. */

/** Letters without a decomposition to strip: the Polish ł and the Vietnamese đ. */
const PLAIN_LETTERS: Record<string, string> = { ł: 'l', Ł: 'l', đ: 'd', Đ: 'd' };

/**
 * Text as a search compares it: case and accents aside, so "muller" finds "Müller", "lodz"
 * "Łódź" and "duc" "Đức". Both sides go through it, so scripts whose marks it drops still match.
 */
export function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[łŁđĐ]/g, (letter) => PLAIN_LETTERS[letter]!)
    .toLowerCase()
    .trim();
}

export interface ScheduleFilter {
  /** A theme, or '' for all. */
  theme: string;
  /** Words of a title or an author's name; '' for everything. */
  query: string;
}

/**
 * The sessions a theme and a search leave, each with the talks that match. A session whose own
 * title matches keeps all its talks; with a search, a session with nothing matching is left out.
 */
export function filterSessions(sessions: readonly ProgrammeSession[], filter: ScheduleFilter): ProgrammeSession[] {
  const query = searchable(filter.query);
  return sessions.flatMap((session) => {
    if (filter.theme && session.theme !== filter.theme) return [];
    if (!query || searchable(session.title).includes(query)) return [session];
    const talks = session.talks.filter(
      (talk) =>
        searchable(talk.title).includes(query) ||
        talk.authors.some((author) => searchable(author.name).includes(query)),
    );
    return talks.length > 0 ? [{ ...session, talks }] : [];
  });
}

export interface GridRow {
  startsAt: string;
  /** Sessions in a room, by the room's id. */
  byRoom: Map<string, ProgrammeSession[]>;
  /** Sessions in no room (a break, a reception): drawn across every column. */
  everywhere: ProgrammeSession[];
}

/** The grid by room: one row per start time, each session in its own room's column (never another's). */
export function gridRows(sessions: readonly ProgrammeSession[]): GridRow[] {
  const rows = new Map<string, GridRow>();
  for (const session of sessions) {
    const key = new Date(session.startsAt).toISOString();
    let row = rows.get(key);
    if (!row) {
      row = { startsAt: session.startsAt, byRoom: new Map(), everywhere: [] };
      rows.set(key, row);
    }
    if (session.roomId) row.byRoom.set(session.roomId, [...(row.byRoom.get(session.roomId) ?? []), session]);
    else row.everywhere.push(session);
  }
  return [...rows.values()].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** The day holding a talk or session, for a link to it (`#<id>` from a calendar). */
export function dayOf(days: readonly ScheduleDay[], id: string): string | undefined {
  return days.find((day) =>
    day.sessions.some((session) => session._id === id || session.talks.some((talk) => talk.paperId === id)),
  )?.date;
}

/** How many talks and posters a list of sessions holds. */
export const talkCount = (sessions: readonly ProgrammeSession[]) =>
  sessions.reduce((sum, session) => sum + session.talks.length, 0);
