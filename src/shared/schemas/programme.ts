import { z } from 'zod';
import { isConfiguredChoice, themeLabels } from '../conference.ts';
import { PROGRAMME_LIMITS, SESSION_KINDS } from '../domain/programme.ts';
import { asOneLine, publishable } from '../domain/publishable-text.ts';
import { okResponse } from './responses.ts';

/**
 * Required text on one line, published in the schedule's feeds and the printed programme; over
 * its limit, the site's own words name the field (field-messages.ts).
 */
const trimmed = (label: string, max: number) =>
  z
    .string()
    .trim()
    .overwrite(asOneLine)
    .min(1, `Please enter the ${label.toLowerCase()}.`)
    .max(max)
    .superRefine(publishable(label));
const instant = (label: string) => z.iso.datetime({ offset: true, message: `${label} is not a valid date and time.` });
/** Every edit names the draft version it was made on (409 when another organiser changed it since). */
const draftVersion = z.number().int().min(0);

export const roomBodySchema = z.object({
  name: trimmed('Room name', PROGRAMME_LIMITS.roomName),
  capacity: z
    .number('Capacity is a number of seats.')
    .int('Capacity is a whole number of seats.')
    .min(PROGRAMME_LIMITS.roomCapacity.min, 'A room has at least one seat.')
    .max(PROGRAMME_LIMITS.roomCapacity.max, 'Capacity is at most 100,000 seats.'),
  version: draftVersion,
});
export type RoomBody = z.infer<typeof roomBodySchema>;

export const sessionBodySchema = z.object({
  title: trimmed('Session title', PROGRAMME_LIMITS.sessionTitle),
  kind: z.enum(SESSION_KINDS, 'Choose the kind of session.'),
  theme: z
    .string('Choose one of the conference themes.')
    .refine(isConfiguredChoice(themeLabels), 'Choose one of the conference themes.')
    .nullable()
    .default(null),
  roomId: z.uuid('Choose a room for the session.').nullable(),
  startsAt: instant('The start'),
  endsAt: instant('The end'),
  chairs: z.array(trimmed('Chair', PROGRAMME_LIMITS.chairName)).max(PROGRAMME_LIMITS.chairs).default([]),
  version: draftVersion,
});
export type SessionBody = z.infer<typeof sessionBodySchema>;

export const talkBodySchema = z.object({
  sessionId: z.uuid('Session not found.'),
  /** 0-based place among the session's papers; left out, at the end. */
  position: z.number().int().min(0).optional(),
  minutes: z
    .number()
    .int()
    .min(PROGRAMME_LIMITS.talkMinutes.min, 'A talk lasts 5 to 120 minutes.')
    .max(PROGRAMME_LIMITS.talkMinutes.max, 'A talk lasts 5 to 120 minutes.')
    .optional(),
  board: z
    .string()
    .trim()
    .overwrite(asOneLine)
    .max(PROGRAMME_LIMITS.board, `Board is at most ${PROGRAMME_LIMITS.board} characters.`)
    .superRefine(publishable('Board'))
    .optional(),
  version: draftVersion,
});
export type TalkBody = z.infer<typeof talkBodySchema>;

export const draftEditSchema = z.object({ version: draftVersion });

/** "Draft from accepted papers": the talks' length, and the time slots to fill (the site's own day plan when left out). */
export const draftFromPapersBodySchema = z.object({
  version: draftVersion,
  talkMinutes: z
    .number()
    .int()
    .min(PROGRAMME_LIMITS.talkMinutes.min, 'A talk lasts 5 to 120 minutes.')
    .max(PROGRAMME_LIMITS.talkMinutes.max, 'A talk lasts 5 to 120 minutes.')
    .default(15),
  slots: z
    .array(z.object({ startsAt: instant('The start'), endsAt: instant('The end') }))
    .max(100)
    .optional(),
});
export type DraftFromPapersBody = z.infer<typeof draftFromPapersBodySchema>;
export const publishBodySchema = z.object({
  version: draftVersion,
  /** Publish although the draft has warnings: the organiser has read them. */
  confirmWarnings: z.boolean().default(false),
});

const authorSchema = z.object({ name: z.string(), affiliation: z.string() });

/** A paper as the programme shows it: never an e-mail, an ICTACEM ID or a mark. */
export const programmeTalkSchema = z.object({
  paperId: z.string(),
  title: z.string(),
  authors: z.array(authorSchema),
  position: z.number(),
  minutes: z.number(),
  board: z.string(),
  /** The talk's own start and end, from the session's start and the talks before it (oral sessions). */
  startsAt: z.string(),
  endsAt: z.string(),
  modeOverridden: z.boolean(),
});

export const programmeSessionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(SESSION_KINDS),
  theme: z.string().nullable(),
  roomId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  chairs: z.array(z.string()),
  talks: z.array(programmeTalkSchema),
});
export type ProgrammeSession = z.infer<typeof programmeSessionSchema>;

export const programmeRoomSchema = z.object({
  _id: z.string(),
  name: z.string(),
  capacity: z.number(),
  position: z.number(),
});

export const PROGRAMME_WARNING_KINDS = [
  'author_double_booked',
  'chair_presenting',
  'overrun',
  'not_accepted',
  'not_scheduled',
] as const;
export const programmeWarningSchema = z.object({
  kind: z.enum(PROGRAMME_WARNING_KINDS),
  message: z.string(),
  paperIds: z.array(z.string()),
  sessionIds: z.array(z.string()),
});
export type ProgrammeWarning = z.infer<typeof programmeWarningSchema>;

/** The programme as published: what the public page and the feeds read. */
export const publishedProgrammeSchema = z
  .object({
    /** Its number among the published versions (1, 2…). */
    edition: z.number(),
    publishedAt: z.string(),
    rooms: z.array(programmeRoomSchema),
    sessions: z.array(programmeSessionSchema),
  })
  .meta({ id: 'PublishedProgramme' });
export type PublishedProgramme = z.infer<typeof publishedProgrammeSchema>;

export const programmeChangeSchema = z.object({
  kind: z.enum(['added', 'removed', 'moved']),
  paperId: z.string(),
  title: z.string(),
  before: z.object({ startsAt: z.string(), room: z.string().nullable(), session: z.string() }).nullable(),
  after: z.object({ startsAt: z.string(), room: z.string().nullable(), session: z.string() }).nullable(),
});
export type ProgrammeChange = z.infer<typeof programmeChangeSchema>;

export const programmeDraftSchema = z
  .object({
    version: z.number(),
    updatedBy: z.string().nullable(),
    updatedAt: z.string().nullable(),
    rooms: z.array(programmeRoomSchema),
    sessions: z.array(programmeSessionSchema),
    warnings: z.array(programmeWarningSchema),
    /** Accepted papers not in the programme yet, to place. */
    unscheduled: z.array(z.object({ paperId: z.string(), title: z.string(), theme: z.string(), mode: z.string() })),
    /** The latest published version's number; null before the first. */
    published: z.number().nullable(),
  })
  .meta({ id: 'ProgrammeDraft' });
export type ProgrammeDraft = z.infer<typeof programmeDraftSchema>;

export const programmeDraftResponseSchema = okResponse({ programme: programmeDraftSchema });
export const programmeEditResponseSchema = okResponse({ message: z.string(), programme: programmeDraftSchema });
export const programmeDraftedResponseSchema = okResponse({
  message: z.string(),
  summary: z.array(z.string()),
  programme: programmeDraftSchema,
});
export const programmePublishedResponseSchema = okResponse({
  message: z.string(),
  version: z.number(),
  changes: z.array(programmeChangeSchema),
});
export const publicProgrammeResponseSchema = okResponse({ programme: publishedProgrammeSchema.nullable() });

/** Where the signed-in author presents, in the latest published programme ("Your presentation"). */
export const myPresentationSchema = z
  .object({
    paperId: z.string(),
    title: z.string(),
    sessionTitle: z.string(),
    kind: z.enum(SESSION_KINDS),
    room: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    board: z.string(),
    /** The published version it is read from. */
    edition: z.number(),
  })
  .meta({ id: 'MyPresentation' });
export type MyPresentation = z.infer<typeof myPresentationSchema>;
export const myPresentationResponseSchema = okResponse({ presentation: myPresentationSchema.nullable() });
