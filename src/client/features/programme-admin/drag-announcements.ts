import type { Active, Announcements, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import type { ProgrammeSession } from '@shared/schemas/programme.ts';

/** What a drag carries and where it lands: a talk (its session and place), or a session's list itself. */
export type DragData = { type: 'talk'; sessionId: string; index: number } | { type: 'session'; sessionId: string };

type Sessions = readonly Pick<ProgrammeSession, '_id' | 'title' | 'talks'>[];

/** Where a dropped talk ends up: its session, its index there and how many papers the session then has. */
export interface DropPlace {
  session: Sessions[number];
  index: number;
  count: number;
}

/**
 * Where dropping `paperId` over `to` places it, as the server places it: over a talk, at that
 * talk's place; over a session's list, last. The server takes the paper out of its session first.
 */
export function dropPlace(sessions: Sessions, paperId: string, to: DragData | undefined): DropPlace | undefined {
  const session = to && sessions.find((candidate) => candidate._id === to.sessionId);
  if (!to || !session) return undefined;
  const others = session.talks.filter((talk) => talk.paperId !== paperId).length;
  const wanted = to.type === 'talk' ? to.index : others;
  return { session, index: Math.min(wanted, others), count: others + 1 };
}

const dataOf = (item: Active | Over | null) => item?.data.current as DragData | undefined;

/** Keyboard instructions read when a talk's drag handle gets the focus. */
export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this talk, press Space or Enter to pick it up, then use the arrow keys to move it within its ' +
    'session or to another one. Press Space or Enter again to drop it there, or Escape to cancel.',
};

/**
 * What a screen reader hears during a drag of the sessions board: the talk's title and the
 * session's, never the ids the library would read by default.
 */
export function dragAnnouncements(sessions: Sessions): Announcements {
  const talkTitle = (active: Active) => {
    const paperId = String(active.id);
    for (const session of sessions) {
      const talk = session.talks.find((candidate) => candidate.paperId === paperId);
      if (talk) return `“${talk.title}”`;
    }
    return 'the talk';
  };
  const place = (active: Active, over: Over | null) => dropPlace(sessions, String(active.id), dataOf(over));
  const placeText = (where: DropPlace) =>
    `session “${where.session.title}” at position ${where.index + 1} of ${where.count}`;
  const origin = (active: Active) => {
    const from = dataOf(active);
    const session = from && sessions.find((candidate) => candidate._id === from.sessionId);
    return session && from.type === 'talk'
      ? `session “${session.title}” at position ${from.index + 1} of ${session.talks.length}`
      : 'its session';
  };
  // The library reports the talk over its own place as soon as it is picked up: said once already.
  let pickedUp: Active['id'] | undefined;
  return {
    onDragStart: ({ active }) => {
      pickedUp = active.id;
      return `Picked up talk ${talkTitle(active)} in ${origin(active)}.`;
    },
    onDragOver: ({ active, over }) => {
      const justPickedUp = pickedUp === active.id && over?.id === active.id;
      pickedUp = undefined;
      if (justPickedUp) return undefined;
      const where = place(active, over);
      return where
        ? `Talk ${talkTitle(active)} is over ${placeText(where)}.`
        : `Talk ${talkTitle(active)} is no longer over a session.`;
    },
    onDragEnd: ({ active, over }) => {
      const where = place(active, over);
      return where
        ? `Talk ${talkTitle(active)} was dropped into ${placeText(where)}.`
        : `Talk ${talkTitle(active)} was dropped outside any session; it stays in ${origin(active)}.`;
    },
    onDragCancel: ({ active }) => `Moving talk ${talkTitle(active)} was cancelled; it stays in ${origin(active)}.`,
  };
}
