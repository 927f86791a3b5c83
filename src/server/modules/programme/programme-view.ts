import type {
  ProgrammeChange,
  ProgrammeSession,
  ProgrammeWarning,
  PublishedProgramme,
} from '@shared/schemas/programme.ts';
import { formatConferenceClock, formatConferenceDate } from '@shared/domain/deadlines.ts';
import type { RoomRow, SessionRow, TalkRow } from './programme.repository.ts';

const MINUTE_MS = 60_000;

export interface PlacedPaper {
  talk: TalkRow;
  title: string;
  status: string;
  mode: string | null;
  authors: { name: string; affiliation: string }[];
}

/** Sessions with their papers, each talk timed from the session's start and the talks before it. */
export function sessionsWithTalks(sessions: readonly SessionRow[], placed: readonly PlacedPaper[]): ProgrammeSession[] {
  return sessions.map((session) => {
    let clock = session.startsAt.getTime();
    const talks = placed
      .filter((paper) => paper.talk.sessionId === session.id)
      .sort((a, b) => a.talk.position - b.talk.position)
      .map((paper) => {
        // Posters stand for the whole session; talks follow one another.
        const timed = session.kind === 'oral';
        const startsAt = timed ? clock : session.startsAt.getTime();
        const endsAt = timed ? clock + paper.talk.minutes * MINUTE_MS : session.endsAt.getTime();
        if (timed) clock = endsAt;
        return {
          paperId: paper.talk.paperId,
          title: paper.title,
          authors: paper.authors,
          position: paper.talk.position,
          minutes: paper.talk.minutes,
          board: paper.talk.board,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          modeOverridden: paper.talk.modeOverridden,
        };
      });
    return {
      _id: session.id,
      title: session.title,
      kind: session.kind,
      theme: session.theme,
      roomId: session.roomId,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      chairs: session.chairs,
      talks,
    };
  });
}

export const presentRoom = (room: RoomRow) => ({
  _id: room.id,
  name: room.name,
  capacity: room.capacity,
  position: room.position,
});

/** The minutes an oral session's talks run past its end (0 when they fit). */
export function minutesOver(session: { startsAt: Date; endsAt: Date }, talkMinutes: readonly number[]): number {
  const length = (session.endsAt.getTime() - session.startsAt.getTime()) / MINUTE_MS;
  return Math.max(0, talkMinutes.reduce((sum, minutes) => sum + minutes, 0) - length);
}

const overlaps = (a: ProgrammeSession, b: ProgrammeSession) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const when = (session: ProgrammeSession) =>
  `${formatConferenceDate(session.startsAt)}, ${formatConferenceClock(session.startsAt)}`;
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * What the organisers should look at before publishing: an author (by name) of papers in two
 * sessions at once, a chair presenting in a parallel session, talks past their session's end, a placed paper
 * no longer accepted, and accepted papers not placed.
 */
export function programmeWarnings(
  sessions: readonly ProgrammeSession[],
  placed: readonly PlacedPaper[],
  unscheduled: readonly { id: string; title: string }[],
): ProgrammeWarning[] {
  const warnings: ProgrammeWarning[] = [];
  const paperOf = new Map(placed.map((paper) => [paper.talk.paperId, paper]));
  for (const session of sessions) {
    const over = minutesOver(
      { startsAt: new Date(session.startsAt), endsAt: new Date(session.endsAt) },
      session.kind === 'oral' ? session.talks.map((talk) => talk.minutes) : [],
    );
    if (over > 0)
      warnings.push({
        kind: 'overrun',
        message: `“${session.title}” runs ${over} minute${over === 1 ? '' : 's'} past its end.`,
        paperIds: [],
        sessionIds: [session._id],
      });
    for (const talk of session.talks)
      if (paperOf.get(talk.paperId)?.status !== 'abstract_accepted')
        warnings.push({
          kind: 'not_accepted',
          message: `“${talk.title}” is in “${session.title}” but is no longer accepted.`,
          paperIds: [talk.paperId],
          sessionIds: [session._id],
        });
  }
  sessions.forEach((a, i) =>
    sessions.slice(i + 1).forEach((b) => {
      if (!overlaps(a, b)) return;
      for (const first of a.talks)
        for (const second of b.talks) {
          const shared = first.authors.find((author) =>
            second.authors.some((other) => sameName(other.name, author.name)),
          );
          if (shared)
            warnings.push({
              kind: 'author_double_booked',
              message: `${shared.name} is an author of “${first.title}” (“${a.title}”) and of “${second.title}” (“${b.title}”), at the same time (${when(b)}).`,
              paperIds: [first.paperId, second.paperId],
              sessionIds: [a._id, b._id],
            });
        }
      for (const [chaired, other] of [
        [a, b],
        [b, a],
      ] as const)
        for (const chair of chaired.chairs)
          for (const talk of other.talks)
            if (talk.authors.some((author) => sameName(author.name, chair)))
              warnings.push({
                kind: 'chair_presenting',
                message: `${chair} chairs “${chaired.title}” and presents “${talk.title}” in “${other.title}” at the same time.`,
                paperIds: [talk.paperId],
                sessionIds: [chaired._id, other._id],
              });
    }),
  );
  if (unscheduled.length > 0)
    warnings.push({
      kind: 'not_scheduled',
      message: `${unscheduled.length} accepted paper${unscheduled.length === 1 ? ' is' : 's are'} not in the programme: ${unscheduled
        .slice(0, 5)
        .map((paper) => `“${paper.title}”`)
        .join(', ')}${unscheduled.length > 5 ? '…' : '.'}`,
      paperIds: unscheduled.map((paper) => paper.id),
      sessionIds: [],
    });
  return warnings;
}

/** Where each paper is in a published programme: its start, room and session. */
function placesOf(programme: PublishedProgramme | undefined) {
  const places = new Map<string, { title: string; place: NonNullable<ProgrammeChange['after']> }>();
  if (!programme) return places;
  const roomName = new Map(programme.rooms.map((room) => [room._id, room.name]));
  for (const session of programme.sessions)
    for (const talk of session.talks)
      places.set(talk.paperId, {
        title: talk.title,
        place: {
          startsAt: talk.startsAt,
          room: session.roomId ? (roomName.get(session.roomId) ?? null) : null,
          session: session.title,
        },
      });
  return places;
}

/** The papers added, removed and moved (time, room or session) from one published version to the next. */
export function programmeChanges(
  previous: PublishedProgramme | undefined,
  next: PublishedProgramme,
): ProgrammeChange[] {
  const before = placesOf(previous);
  const after = placesOf(next);
  const changes: ProgrammeChange[] = [];
  for (const [paperId, now] of after) {
    const then = before.get(paperId);
    if (!then) changes.push({ kind: 'added', paperId, title: now.title, before: null, after: now.place });
    else if (
      then.place.startsAt !== now.place.startsAt ||
      then.place.room !== now.place.room ||
      then.place.session !== now.place.session
    )
      changes.push({ kind: 'moved', paperId, title: now.title, before: then.place, after: now.place });
  }
  for (const [paperId, then] of before)
    if (!after.has(paperId))
      changes.push({ kind: 'removed', paperId, title: then.title, before: then.place, after: null });
  return changes;
}
