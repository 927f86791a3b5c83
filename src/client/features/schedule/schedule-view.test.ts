import { describe, expect, it } from 'vitest';
import type { ProgrammeSession, PublishedProgramme } from '@shared/schemas/programme.ts';
import { scheduleDays } from '@client/lib/programme-days.ts';
import { dayOf, filterSessions, gridRows, searchable, talkCount } from './schedule-view.ts';

const talk = (paperId: string, title: string, names: string[]) => ({
  paperId,
  title,
  authors: names.map((name) => ({ name, affiliation: 'Institute' })),
  position: 0,
  minutes: 15,
  board: '',
  startsAt: '2025-12-15T04:00:00.000Z',
  endsAt: '2025-12-15T04:15:00.000Z',
  modeOverridden: false,
});
const session = (
  id: string,
  startsAt: string,
  roomId: string | null,
  theme: string | null,
  talks = [] as ProgrammeSession['talks'],
): ProgrammeSession => ({
  _id: id,
  title: `Session ${id}`,
  kind: talks.length ? 'oral' : 'break',
  theme,
  roomId,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
  chairs: [],
  talks,
});

// 23:30 IST on the 15th is 18:00 UTC; 00:30 IST on the 16th is 19:00 UTC the 15th.
const programme: PublishedProgramme = {
  edition: 1,
  publishedAt: '2025-12-01T00:00:00.000Z',
  rooms: [
    { _id: 'hall', name: 'Main Hall', capacity: 400, position: 0 },
    { _id: 'b', name: 'Room B', capacity: 80, position: 1 },
  ],
  sessions: [
    session('late', '2025-12-15T19:00:00.000Z', 'hall', 'Fluid Mechanics'),
    session('b1', '2025-12-15T04:00:00.000Z', 'b', 'Solid Mechanics', [
      talk('p2', 'Łódź fracture', ['Łucja Wiśniewska']),
    ]),
    session('a1', '2025-12-15T04:00:00.000Z', 'hall', 'Fluid Mechanics', [
      talk('p1', 'Вихревые кольца', ['Мария Иванова']),
      talk('p3', 'Dòng chảy rối', ['Nguyễn Văn Đức', 'प्रिया शर्मा']),
    ]),
    session('lunch', '2025-12-15T07:30:00.000Z', null, null),
    session('evening', '2025-12-15T18:00:00.000Z', 'b', 'Solid Mechanics'),
  ],
};

describe('the Event Schedule read from a published programme', () => {
  it('splits the sessions into the conference’s days (IST), by start and then by room', () => {
    const days = scheduleDays(programme);
    expect(days.map((day) => [day.date, day.shortLabel, day.label])).toEqual([
      ['2025-12-15', 'Mon 15 Dec', 'Monday 15 December'],
      ['2025-12-16', 'Tue 16 Dec', 'Tuesday 16 December'],
    ]);
    expect(days[0]!.sessions.map((s) => s._id)).toEqual(['a1', 'b1', 'lunch', 'evening']);
    expect(days[1]!.sessions.map((s) => s._id)).toEqual(['late']);
    expect(dayOf(days, 'p2')).toBe('2025-12-15');
    expect(dayOf(days, 'late')).toBe('2025-12-16');
    expect(dayOf(days, 'nowhere')).toBeUndefined();
  });

  it('finds talks by title or author across scripts, with or without accents', () => {
    const sessions = scheduleDays(programme)[0]!.sessions;
    const ids = (query: string, theme = '') =>
      filterSessions(sessions, { query, theme }).flatMap((s) => s.talks.map((t) => t.paperId));
    expect(searchable('Łucja Đức Müller')).toBe('lucja duc muller');
    expect(ids('lodz')).toEqual(['p2']);
    expect(ids('иванова')).toEqual(['p1']);
    expect(ids('nguyen van duc')).toEqual(['p3']);
    expect(ids('प्रिया')).toEqual(['p3']);
    expect(ids('vortex')).toEqual([]);
    // A theme keeps its sessions, talks or not; a search drops the sessions with nothing found.
    expect(filterSessions(sessions, { query: '', theme: 'Solid Mechanics' }).map((s) => s._id)).toEqual([
      'b1',
      'evening',
    ]);
    expect(filterSessions(sessions, { query: 'wiśniewska', theme: 'Fluid Mechanics' })).toEqual([]);
    // A session's own title keeps all its talks.
    expect(talkCount(filterSessions(sessions, { query: 'session a1', theme: '' }))).toBe(2);
    expect(talkCount(sessions)).toBe(3);
  });

  it('draws each session in its own room’s column and a roomless one across the grid', () => {
    const rows = gridRows(scheduleDays(programme)[0]!.sessions);
    expect(rows.map((row) => row.startsAt)).toEqual([
      '2025-12-15T04:00:00.000Z',
      '2025-12-15T07:30:00.000Z',
      '2025-12-15T18:00:00.000Z',
    ]);
    expect(rows[0]!.byRoom.get('hall')!.map((s) => s._id)).toEqual(['a1']);
    expect(rows[0]!.byRoom.get('b')!.map((s) => s._id)).toEqual(['b1']);
    expect(rows[1]!.everywhere.map((s) => s._id)).toEqual(['lunch']);
    expect(rows[2]!.byRoom.has('hall')).toBe(false);
  });
});
