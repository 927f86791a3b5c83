import { isDeepStrictEqual } from 'node:util';
import {
  conferenceDay,
  formatConferenceClock,
  formatConferenceDate,
  formatConferenceTime,
} from '@shared/domain/deadlines.ts';
import {
  DEFAULT_SESSION_SLOTS,
  DEFAULT_TALK_MINUTES,
  PAPER_SESSION_KINDS,
  PROGRAMME_TEXTS,
} from '@shared/domain/programme.ts';
import type {
  DraftFromPapersBody,
  ProgrammeChange,
  MyPresentation,
  ProgrammeDraft,
  PublishedProgramme,
  RoomBody,
  SessionBody,
  TalkBody,
} from '@shared/schemas/programme.ts';
import { MODE_NOT_SPECIFIED } from '@shared/constants.ts';
import { addCalendarDays, atConferenceWallClock } from '@shared/domain/conference-datetime.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import * as repo from './programme.repository.ts';
import { queuePresentationMails } from './presentation-mail.ts';
import { scheduleSite } from './schedule-site.ts';
import { type DraftCell, planDraft } from './draft-programme.ts';
import { publishLive } from '@server/live/live-messages.ts';
import {
  minutesOver,
  type PlacedPaper,
  presentRoom,
  programmeChanges,
  programmeWarnings,
  sessionsWithTalks,
} from './programme-view.ts';

/** The conference's days, from midnight of the first to midnight after the last, in its own time zone. */
async function conferenceDays(ctx: AppContext) {
  const dates = await currentDates(ctx);
  const first = new Date(atConferenceWallClock(conferenceDay(dates.conferenceStarts), '00:00:00'));
  const last = new Date(atConferenceWallClock(addCalendarDays(conferenceDay(dates.conferenceEnds), 1), '00:00:00'));
  return {
    first,
    last,
    message: PROGRAMME_TEXTS.outsideConference(
      formatConferenceDate(dates.conferenceStarts),
      formatConferenceDate(dates.conferenceEnds),
    ),
  };
}
type ConferenceDays = Awaited<ReturnType<typeof conferenceDays>>;

/** Holds the draft's row to the end of the transaction; 409 naming who changed it since `version`. */
async function lockDraftAt(tx: DbOrTx, version: number): Promise<void> {
  const draft = await repo.lockDraft(tx);
  if (draft.version !== version)
    throw new AppError(
      'conflict',
      PROGRAMME_TEXTS.stale(
        draft.updatedBy ?? 'Another organiser',
        formatConferenceTime(draft.updatedAt.toISOString()),
      ),
    );
}

/**
 * One edit of the draft, in a transaction that holds its row: refused (409, naming who and when)
 * when another organiser changed it since `version`; the version is raised after. Returns the
 * draft as it now is.
 */
async function editDraft(
  ctx: AppContext,
  actor: PublicUser,
  version: number,
  work: (tx: DbOrTx) => Promise<void>,
): Promise<ProgrammeDraft> {
  await ctx.db.transaction(async (tx) => {
    await lockDraftAt(tx, version);
    await work(tx);
    await repo.bumpDraft(tx, actor._id);
  });
  return getProgrammeDraft(ctx);
}

async function assembled(db: DbOrTx) {
  const [rooms, sessions, placed, unscheduled] = [
    await repo.findRooms(db),
    await repo.findSessions(db),
    (await repo.findTalksWithPapers(db)) as PlacedPaper[],
    await repo.findUnscheduledAccepted(db),
  ];
  const timed = sessionsWithTalks(sessions, placed);
  return { rooms, sessions: timed, placed, unscheduled };
}

/** The draft as the Programme page shows it: rooms, sessions with their papers, and the warnings. */
export async function getProgrammeDraft(ctx: AppContext): Promise<ProgrammeDraft> {
  const { rooms, sessions, placed, unscheduled } = await assembled(ctx.db);
  const draft = await repo.findDraftVersion(ctx.db);
  return {
    version: draft?.version ?? 0,
    updatedBy: draft?.updatedBy ?? null,
    updatedAt: draft?.updatedAt.toISOString() ?? null,
    rooms: rooms.map(presentRoom),
    sessions,
    warnings: programmeWarnings(sessions, placed, unscheduled),
    unscheduled: unscheduled.map((paper) => ({
      paperId: paper.id,
      title: paper.title,
      theme: paper.theme,
      mode: paper.mode ?? MODE_NOT_SPECIFIED,
    })),
    published: (await repo.findLatestVersion(ctx.db))?.number ?? null,
  };
}

export async function addRoom(ctx: AppContext, actor: PublicUser, body: RoomBody) {
  return editDraft(ctx, actor, body.version, async (tx) => {
    if (await repo.findRoomByName(tx, body.name))
      throw new AppError('conflict', PROGRAMME_TEXTS.roomNameTaken(body.name));
    await repo.insertRoom(tx, { name: body.name, capacity: body.capacity, position: await repo.nextRoomPosition(tx) });
  });
}

export async function changeRoom(ctx: AppContext, actor: PublicUser, roomId: string, body: RoomBody) {
  return editDraft(ctx, actor, body.version, async (tx) => {
    if (!(await repo.findRoom(tx, roomId))) throw new AppError('not_found', PROGRAMME_TEXTS.roomNotFound);
    const named = await repo.findRoomByName(tx, body.name);
    if (named && named.id !== roomId) throw new AppError('conflict', PROGRAMME_TEXTS.roomNameTaken(body.name));
    await repo.updateRoom(tx, roomId, { name: body.name, capacity: body.capacity });
  });
}

export async function removeRoom(ctx: AppContext, actor: PublicUser, roomId: string, version: number) {
  return editDraft(ctx, actor, version, async (tx) => {
    if (!(await repo.findRoom(tx, roomId))) throw new AppError('not_found', PROGRAMME_TEXTS.roomNotFound);
    const sessions = await repo.countSessionsInRoom(tx, roomId);
    if (sessions > 0) throw new AppError('conflict', PROGRAMME_TEXTS.roomInUse(sessions));
    await repo.deleteRoom(tx, roomId);
  });
}

/** A session's place in time and room: on the conference days, ending after it starts, its room free. */
async function checkSessionPlace(tx: DbOrTx, days: ConferenceDays, body: SessionBody, sessionId?: string) {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (endsAt <= startsAt) throw new AppError('bad_request', PROGRAMME_TEXTS.endsBeforeStart);
  if (startsAt < days.first || endsAt > days.last) throw new AppError('bad_request', days.message);
  if (body.roomId === null) {
    if (body.kind !== 'break') throw new AppError('bad_request', PROGRAMME_TEXTS.roomRequired);
    return { startsAt, endsAt };
  }
  const room = await repo.findRoom(tx, body.roomId);
  if (!room) throw new AppError('not_found', PROGRAMME_TEXTS.roomNotFound);
  const other = await repo.findOverlappingSession(tx, body.roomId, startsAt, endsAt, sessionId);
  if (other)
    throw new AppError(
      'conflict',
      PROGRAMME_TEXTS.roomClash(
        room.name,
        other.title,
        `${formatConferenceDate(other.startsAt.toISOString())}, ${formatConferenceClock(other.startsAt.toISOString())}-${formatConferenceClock(other.endsAt.toISOString())}`,
      ),
    );
  return { startsAt, endsAt };
}

const sessionValues = (body: SessionBody, place: { startsAt: Date; endsAt: Date }) => ({
  title: body.title,
  kind: body.kind,
  theme: body.theme,
  roomId: body.roomId,
  chairs: body.chairs,
  ...place,
});

export async function addSession(ctx: AppContext, actor: PublicUser, body: SessionBody) {
  const days = await conferenceDays(ctx);
  return editDraft(ctx, actor, body.version, async (tx) => {
    await repo.insertSession(tx, sessionValues(body, await checkSessionPlace(tx, days, body)));
  });
}

export async function changeSession(ctx: AppContext, actor: PublicUser, sessionId: string, body: SessionBody) {
  const days = await conferenceDays(ctx);
  return editDraft(ctx, actor, body.version, async (tx) => {
    if (!(await repo.findSession(tx, sessionId))) throw new AppError('not_found', PROGRAMME_TEXTS.sessionNotFound);
    const place = await checkSessionPlace(tx, days, body, sessionId);
    const talks = await repo.findTalksOfSession(tx, sessionId);
    if (talks.length > 0 && !PAPER_SESSION_KINDS.includes(body.kind))
      throw new AppError('conflict', PROGRAMME_TEXTS.notAPaperSession);
    const over =
      body.kind === 'oral'
        ? minutesOver(
            place,
            talks.map((talk) => talk.minutes),
          )
        : 0;
    if (over > 0) throw new AppError('bad_request', PROGRAMME_TEXTS.sessionShrinks(over));
    await repo.updateSession(tx, sessionId, sessionValues(body, place));
  });
}

export async function removeSession(ctx: AppContext, actor: PublicUser, sessionId: string, version: number) {
  return editDraft(ctx, actor, version, async (tx) => {
    if (!(await repo.findSession(tx, sessionId))) throw new AppError('not_found', PROGRAMME_TEXTS.sessionNotFound);
    // Its papers leave the programme with it (programme_talks cascade): they are listed as not scheduled.
    await repo.deleteSession(tx, sessionId);
  });
}

const isOral = (mode: string | null) => mode === 'Oral';

/**
 * Places an accepted paper in an oral or poster session, at `position` among its papers (at the
 * end when left out), or moves it there; its length is kept unless given. A talk that would run
 * past the session's end is refused with the minutes over.
 */
export async function placePaper(ctx: AppContext, actor: PublicUser, paperId: string, body: TalkBody) {
  return editDraft(ctx, actor, body.version, async (tx) => {
    const paper = await repo.findPaperForProgramme(tx, paperId);
    if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
    if (paper.status !== 'abstract_accepted') throw new AppError('conflict', PROGRAMME_TEXTS.notAccepted);
    const session = await repo.findSession(tx, body.sessionId);
    if (!session) throw new AppError('not_found', PROGRAMME_TEXTS.sessionNotFound);
    if (!PAPER_SESSION_KINDS.includes(session.kind))
      throw new AppError('bad_request', PROGRAMME_TEXTS.notAPaperSession);
    const current = await repo.findTalk(tx, paperId);
    const minutes = body.minutes ?? current?.minutes ?? DEFAULT_TALK_MINUTES;
    const others = (await repo.findTalksOfSession(tx, session.id)).filter((talk) => talk.paperId !== paperId);
    if (session.kind === 'oral') {
      const over = minutesOver(session, [...others.map((talk) => talk.minutes), minutes]);
      if (over > 0) throw new AppError('bad_request', PROGRAMME_TEXTS.overrun(over));
    }
    const position = Math.min(body.position ?? others.length, others.length);
    await repo.upsertTalk(tx, {
      paperId,
      sessionId: session.id,
      position,
      minutes,
      board: body.board ?? current?.board ?? '',
      modeOverridden: (session.kind === 'oral') !== isOral(paper.mode),
    });
    // Numbered again in order, the placed paper at its place; its former session closes the gap.
    const ordered = [
      ...others.slice(0, position).map((t) => t.paperId),
      paperId,
      ...others.slice(position).map((t) => t.paperId),
    ];
    for (const [index, id] of ordered.entries()) await repo.setTalkPosition(tx, id, index);
    if (current && current.sessionId !== session.id) await renumber(tx, current.sessionId);
  });
}

async function renumber(tx: DbOrTx, sessionId: string) {
  for (const [index, talk] of (await repo.findTalksOfSession(tx, sessionId)).entries())
    if (talk.position !== index) await repo.setTalkPosition(tx, talk.paperId, index);
}

export async function unplacePaper(ctx: AppContext, actor: PublicUser, paperId: string, version: number) {
  return editDraft(ctx, actor, version, async (tx) => {
    const current = await repo.findTalk(tx, paperId);
    if (!current) throw new AppError('not_found', PROGRAMME_TEXTS.paperNotScheduled);
    await repo.deleteTalk(tx, paperId);
    await renumber(tx, current.sessionId);
  });
}

/** The default day plan on every conference day, within the conference's first and last instants. */
async function defaultSlots(ctx: AppContext) {
  const dates = await currentDates(ctx);
  const [starts, ends] = [Date.parse(dates.conferenceStarts), Date.parse(dates.conferenceEnds)];
  const slots: { startsAt: Date; endsAt: Date }[] = [];
  for (let day = conferenceDay(dates.conferenceStarts); ;) {
    for (const [from, to] of DEFAULT_SESSION_SLOTS) {
      const startsAt = new Date(atConferenceWallClock(day, `${from}:00`));
      const endsAt = new Date(atConferenceWallClock(day, `${to}:00`));
      if (startsAt.getTime() >= starts && endsAt.getTime() <= ends) slots.push({ startsAt, endsAt });
    }
    if (day >= conferenceDay(dates.conferenceEnds)) return slots;
    day = addCalendarDays(day, 1);
  }
}

/**
 * "Draft from accepted papers": the accepted papers not yet placed go into new sessions in the
 * rooms' free slots (draft-programme.ts says how). What is already in the draft stays.
 */
export async function draftFromAcceptedPapers(ctx: AppContext, actor: PublicUser, body: DraftFromPapersBody) {
  const days = await conferenceDays(ctx);
  const slots = body.slots
    ? body.slots.map((slot) => ({ startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) }))
    : await defaultSlots(ctx);
  if (slots.some((slot) => slot.endsAt <= slot.startsAt || slot.startsAt < days.first || slot.endsAt > days.last))
    throw new AppError('bad_request', PROGRAMME_TEXTS.slotOutside);
  let summary: string[] = [];
  let counts = { sessions: 0, papers: 0 };
  const programme = await editDraft(ctx, actor, body.version, async (tx) => {
    const rooms = await repo.findRooms(tx);
    if (rooms.length === 0) throw new AppError('conflict', PROGRAMME_TEXTS.roomsFirst);
    const papers = await repo.findUnscheduledForDraft(tx);
    if (papers.length === 0) throw new AppError('conflict', PROGRAMME_TEXTS.nothingToDraft);
    const taken = await repo.findSessions(tx);
    const free: DraftCell[] = rooms.flatMap((room) =>
      slots
        .filter(
          (slot) =>
            !taken.some(
              (session) =>
                session.roomId === room.id && session.startsAt < slot.endsAt && slot.startsAt < session.endsAt,
            ),
        )
        .map((slot) => ({ roomId: room.id, ...slot })),
    );
    const plan = planDraft(
      papers.map((paper) => ({
        paperId: paper.paperId,
        theme: paper.theme,
        poster: paper.mode !== null && !isOral(paper.mode),
        authors: paper.authors,
      })),
      // Rooms in their order within a slot: the first room gets the first session.
      free.sort((a, b) => rooms.findIndex((r) => r.id === a.roomId) - rooms.findIndex((r) => r.id === b.roomId)),
      body.talkMinutes,
    );
    const modeOf = new Map(papers.map((paper) => [paper.paperId, paper.mode]));
    for (const planned of plan.sessions) {
      const session = await repo.insertSession(tx, {
        title: planned.title,
        kind: planned.kind,
        theme: planned.theme,
        roomId: planned.roomId,
        startsAt: planned.startsAt,
        endsAt: planned.endsAt,
      });
      for (const [position, paperId] of planned.paperIds.entries())
        await repo.upsertTalk(tx, {
          paperId,
          sessionId: session.id,
          position,
          minutes: body.talkMinutes,
          board: planned.kind === 'poster' ? `P${position + 1}` : '',
          modeOverridden: (planned.kind === 'oral') !== isOral(modeOf.get(paperId) ?? null),
        });
    }
    summary = plan.summary;
    counts = { sessions: plan.sessions.length, papers: plan.sessions.reduce((n, s) => n + s.paperIds.length, 0) };
  });
  return { programme, summary, message: PROGRAMME_TEXTS.drafted(counts.sessions, counts.papers) };
}

/** Whether two versions show the same: their rooms and sessions, whatever their numbers and times. */
function sameContent(previous: PublishedProgramme, next: PublishedProgramme): boolean {
  const content = ({ rooms, sessions }: PublishedProgramme) => JSON.parse(JSON.stringify({ rooms, sessions }));
  return isDeepStrictEqual(content(previous), content(next));
}

/**
 * Publishes the draft as the next numbered version, with its changes against the previous one.
 * A draft with warnings is published only when the organiser confirms having read them (409
 * listing them otherwise). Publications take turns on the draft's row, and one that would show
 * nothing new is refused (409 naming the latest version): two organisers pressing Publish at
 * once make one version, and no calendar sees its events revised for nothing.
 */
export async function publishProgramme(
  ctx: AppContext,
  actor: PublicUser,
  body: { version: number; confirmWarnings: boolean },
): Promise<{ version: number; changes: ProgrammeChange[]; message: string }> {
  // Read before the transaction: an embedded database has one connection, which the transaction holds.
  const site = await scheduleSite(ctx);
  return transactionThenMail(ctx, async (tx) => {
    await lockDraftAt(tx, body.version);
    const { rooms, sessions, placed, unscheduled } = await assembled(tx);
    const warnings = programmeWarnings(sessions, placed, unscheduled);
    if (warnings.length > 0 && !body.confirmWarnings)
      throw new AppError(
        'conflict',
        `${PROGRAMME_TEXTS.confirmWarnings(warnings.length)} ${warnings.map((warning) => warning.message).join(' ')}`,
      );
    const previous = await repo.findLatestVersion(tx);
    const number = (previous?.number ?? 0) + 1;
    // A paper declined or withdrawn since it was placed stays flagged in the draft but is not published.
    const accepted = new Set(placed.filter((paper) => paper.status === 'abstract_accepted').map((p) => p.talk.paperId));
    const programme: PublishedProgramme = {
      edition: number,
      publishedAt: new Date().toISOString(),
      rooms: rooms.map(presentRoom),
      sessions: sessions.map((session) => ({
        ...session,
        talks: session.talks.filter((talk) => accepted.has(talk.paperId)),
      })),
    };
    if (previous && sameContent(previous.programme as PublishedProgramme, programme))
      throw new AppError('conflict', PROGRAMME_TEXTS.nothingToPublish(previous.number));
    const changes = programmeChanges(previous?.programme as PublishedProgramme | undefined, programme);
    await repo.insertVersion(tx, { number, publishedBy: actor._id, programme, changes });
    await queuePresentationMails(ctx, tx, programme, changes, site);
    // Every open page, the public schedule's too, offers the new version.
    await publishLive(tx, { kind: 'programme', version: number });
    return { version: number, changes, message: PROGRAMME_TEXTS.published(number, changes.length) };
  });
}

/** Where the user's paper is in the latest published programme; null when it is not (or nothing is published). */
export async function getMyPresentation(ctx: AppContext, user: PublicUser): Promise<MyPresentation | null> {
  const [latest, paperIds] = [await repo.findLatestVersion(ctx.db), await repo.findPaperIdsOf(ctx.db, user._id)];
  if (!latest) return null;
  const published = latest.programme as PublishedProgramme;
  for (const session of published.sessions)
    for (const talk of session.talks)
      if (paperIds.includes(talk.paperId))
        return {
          paperId: talk.paperId,
          title: talk.title,
          sessionTitle: session.title,
          kind: session.kind,
          room: published.rooms.find((room) => room._id === session.roomId)?.name ?? null,
          startsAt: talk.startsAt,
          endsAt: talk.endsAt,
          board: talk.board,
          edition: published.edition,
        };
  return null;
}

/** The latest published programme, or null before the first publication. */
export async function getPublishedProgramme(ctx: AppContext): Promise<PublishedProgramme | null> {
  const latest = await repo.findLatestVersion(ctx.db);
  return latest ? (latest.programme as PublishedProgramme) : null;
}
