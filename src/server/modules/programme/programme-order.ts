import { SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import { formatConferenceClock, formatConferenceDate } from '@shared/domain/deadlines.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';

/**
 * The papers of a published programme in the order an attendee meets them: sessions by start
 * (then by room), papers by their place in the session; each with its session's heading,
 * "15 December 2025 10:00 IST · Oral session: Fluids I".
 */
export function papersInProgrammeOrder(programme: PublishedProgramme): { paperId: string; session: string }[] {
  const roomOrder = new Map(programme.rooms.map((room) => [room._id, room.position]));
  return [...programme.sessions]
    .sort(
      (a, b) =>
        Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
        (roomOrder.get(a.roomId ?? '') ?? -1) - (roomOrder.get(b.roomId ?? '') ?? -1),
    )
    .flatMap((session) => {
      const heading = `${formatConferenceDate(session.startsAt)} ${formatConferenceClock(session.startsAt)} · ${SESSION_KIND_LABELS[session.kind]}: ${session.title}`;
      return [...session.talks]
        .sort((a, b) => a.position - b.position)
        .map((talk) => ({ paperId: talk.paperId, session: heading }));
    });
}
