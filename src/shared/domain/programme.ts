import { formatCount } from '../format/numbers.ts';

/**
 * The programme: rooms, sessions on the conference days, and the accepted papers placed in them
 * (talks in oral sessions, posters in poster sessions). Edited as one draft, published as
 * numbered versions.
 */
export const SESSION_KINDS = ['plenary', 'keynote', 'oral', 'poster', 'break'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const SESSION_KIND_LABELS: Record<SessionKind, string> = {
  plenary: 'Plenary',
  keynote: 'Keynote',
  oral: 'Oral session',
  poster: 'Poster session',
  break: 'Break',
};
/** The kinds of session a paper is placed in, and how. */
export const PAPER_SESSION_KINDS: readonly SessionKind[] = ['oral', 'poster'];

export const DEFAULT_TALK_MINUTES = 15;
/** The day plan a draft fills when the organiser gives no slots: four sessions a day, in the conference's time. */
export const DEFAULT_SESSION_SLOTS = [
  ['09:30', '11:00'],
  ['11:30', '13:00'],
  ['14:00', '15:30'],
  ['16:00', '17:30'],
] as const;
export const PROGRAMME_LIMITS = {
  roomName: 100,
  sessionTitle: 200,
  chairs: 10,
  chairName: 200,
  talkMinutes: { min: 5, max: 120 },
  roomCapacity: { min: 1, max: 100_000 },
  board: 20,
} as const;

const minutes = (count: number) => `${formatCount(count)} minute${count === 1 ? '' : 's'}`;

export const PROGRAMME_TEXTS = {
  roomNotFound: 'Room not found.',
  sessionNotFound: 'Session not found.',
  roomNameTaken: (name: string) => `There is already a room called “${name}”.`,
  roomInUse: (sessions: number) =>
    `This room has ${formatCount(sessions)} session${sessions === 1 ? '' : 's'}: move or delete them first.`,
  roomRequired: 'Choose a room for the session.',
  endsBeforeStart: 'The session must end after it starts.',
  outsideConference: (first: string, last: string) =>
    `Sessions take place during the conference, from ${first} to ${last}.`,
  roomClash: (room: string, other: string, times: string) => `${room} is taken by “${other}” (${times}) at that time.`,
  notAPaperSession: 'Papers are placed in oral and poster sessions only.',
  notAccepted: 'Only accepted papers can be placed in the programme.',
  overrun: (over: number) => `The talks would run ${minutes(over)} past the session’s end.`,
  stale: (who: string, when: string) =>
    `${who} changed the programme at ${when}, after you opened it. Reload to see their change, then make yours again.`,
  paperNotScheduled: 'This paper is not in the programme.',
  sessionShrinks: (over: number) => `Its talks would run ${minutes(over)} past the new end.`,
  confirmWarnings: (count: number) =>
    `The programme has ${formatCount(count)} warning${count === 1 ? '' : 's'}: publish again confirming you have read ${count === 1 ? 'it' : 'them'}.`,
  published: (version: number, changes: number) =>
    `Version ${version} of the programme is published, with ${formatCount(changes)} change${changes === 1 ? '' : 's'}.`,
  nothingToPublish: (version: number) => `Nothing has changed since version ${version}.`,
  notPublished: 'The programme will be published here.',
  eventNotFound: 'This talk is not in the published programme.',
  roomsFirst: 'Add the rooms first: the draft fills their free time slots.',
  nothingToDraft: 'Every accepted paper is already in the programme.',
  drafted: (sessions: number, papers: number) =>
    `Drafted ${formatCount(sessions)} session${sessions === 1 ? '' : 's'} with ${formatCount(papers)} paper${papers === 1 ? '' : 's'}.`,
  slotOutside: 'A slot must end after it starts, during the conference.',
} as const;
