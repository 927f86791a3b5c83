import {
  announcedDates,
  CONFERENCE_DATE_KEYS,
  type ConferenceDateKey,
  type ConferenceDates,
  DEADLINE_MESSAGES,
  datesOutOfOrder,
  formatDateRange,
  DEADLINE_OF_STEP,
  type DeadlineStep,
  type StepDeadline,
} from '@shared/domain/deadlines.ts';
import type { PaperState, StepTiming } from '@shared/domain/paper-workflow.ts';
import { currentConference } from '@shared/conference.ts';
import type { AdminDeadlines, DateSource, PublicDeadlines, UpdateDeadlinesBody } from '@shared/schemas/deadlines.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import * as repo from './deadlines.repository.ts';
import { readTogether } from '@server/db/read-together.ts';
import { RESPONSE_TEXTS, RESPONSE_WORD_LIMIT } from '@shared/domain/author-responses.ts';

export type PaperDeadlines = Record<DeadlineStep, StepDeadline | null>;

const CHANGES_SHOWN = 200;

/** Announced defaults, then configuration, then what an admin saved: the dates in force. */
async function datesWithSources(ctx: AppContext, db: DbOrTx) {
  const dates: ConferenceDates = { ...announcedDates() };
  const sources = Object.fromEntries(CONFERENCE_DATE_KEYS.map((k) => [k, 'announced'])) as Record<
    ConferenceDateKey,
    DateSource
  >;
  for (const [key, value] of Object.entries(ctx.config.conferenceDates) as [ConferenceDateKey, string][]) {
    dates[key] = value;
    sources[key] = 'configuration';
  }
  for (const row of await repo.findConferenceDateRows(db)) {
    if (!(CONFERENCE_DATE_KEYS as readonly string[]).includes(row.key)) continue;
    dates[row.key as ConferenceDateKey] = row.value;
    sources[row.key as ConferenceDateKey] = 'changed';
  }
  return { dates, sources };
}

/** The dates in force, read now: what the rules judge by. */
export async function currentDates(ctx: AppContext, db: DbOrTx = ctx.db): Promise<ConferenceDates> {
  return (await datesWithSources(ctx, db)).dates;
}

/**
 * Pages show dates read at most this long ago (this process's own changes at once, another
 * process's within it); the rules never use them.
 */
const SHOWN_DATES_MAX_AGE_MS = 5_000;
const shownDates = new WeakMap<AppContext, { readAt: number; dates: Promise<ConferenceDates> }>();

/**
 * The dates for presenting them: spares the busiest author routes a read per request. Inside a
 * transaction (`db` is not ctx.db) they are read with it and never from the copy: a copy still
 * being read outside would wait for that transaction, which would wait for it (the embedded
 * database has one connection).
 */
export function datesToShow(ctx: AppContext, db: DbOrTx = ctx.db): Promise<ConferenceDates> {
  if (db !== ctx.db) return currentDates(ctx, db);
  const cached = shownDates.get(ctx);
  if (cached && Date.now() - cached.readAt < SHOWN_DATES_MAX_AGE_MS) return cached.dates;
  const dates = currentDates(ctx);
  shownDates.set(ctx, { readAt: Date.now(), dates });
  dates.catch(() => shownDates.delete(ctx));
  return dates;
}

/** When an admin last changed any of these dates; null while they are the configured or announced ones. */
export function datesChangedAt(ctx: AppContext, keys: readonly ConferenceDateKey[]): Promise<Date | null> {
  return repo.lastSavedAt(ctx.db, keys);
}

/** "15-17 December 2025": the conference days in force, as the letters and the Book of Abstracts print them. */
export async function conferenceDays(ctx: AppContext, db: DbOrTx = ctx.db): Promise<string> {
  const dates = await datesToShow(ctx, db);
  return formatDateRange(dates.conferenceStarts, dates.conferenceEnds);
}

export async function publicDeadlines(ctx: AppContext): Promise<Omit<PublicDeadlines, 'success'>> {
  return {
    dates: await datesToShow(ctx),
    timeZone: currentConference().timeZone,
    timeZoneName: currentConference().timeZoneName,
  };
}

export async function adminDeadlines(ctx: AppContext, db: DbOrTx = ctx.db): Promise<Omit<AdminDeadlines, 'success'>> {
  const [{ dates, sources }, changes, wordLimit] = await readTogether(db, [
    () => datesWithSources(ctx, db),
    () => repo.findDateChanges(db, CHANGES_SHOWN),
    () => responseWordLimit(db),
  ]);
  return {
    dates,
    sources,
    responseWordLimit: wordLimit,
    graceMinutes: ctx.config.deadlineGraceMs / 60_000,
    timeZone: currentConference().timeZone,
    timeZoneName: currentConference().timeZoneName,
    changes: changes.map(({ change, changedBy }) => ({
      _id: change.id,
      key: change.key as ConferenceDateKey,
      oldValue: change.oldValue,
      newValue: change.newValue,
      changedBy,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

/**
 * Saves the dates an admin changed, all or none: the whole calendar must stay in order
 * (DATE_ORDER), and a refusal names both dates. Each change
 * is recorded with who, when, the old and the new value.
 */
export async function updateDates(
  ctx: AppContext,
  admin: PublicUser,
  body: UpdateDeadlinesBody,
): Promise<Omit<AdminDeadlines, 'success'> & { message: string }> {
  const saved = await ctx.db.transaction(async (tx) => {
    await repo.lockConferenceDates(tx);
    const { dates } = await datesWithSources(ctx, tx);
    const changed = CONFERENCE_DATE_KEYS.filter(
      (key) => body[key] !== undefined && Date.parse(body[key]) !== Date.parse(dates[key]),
    );
    // A value naming the same instant in another offset is kept as the admin wrote it, unrecorded.
    const next = { ...dates, ...Object.fromEntries(changed.map((key) => [key, body[key]!])) } as ConferenceDates;
    const disorder = datesOutOfOrder(next);
    if (disorder) throw new AppError('bad_request', disorder);
    for (const key of changed) await repo.upsertConferenceDate(tx, key, next[key], admin._id);
    await repo.insertDateChanges(
      tx,
      changed.map((key) => ({ key, oldValue: dates[key], newValue: next[key], changedBy: admin._id })),
    );
    const message = changed.length ? DEADLINE_MESSAGES.saved : DEADLINE_MESSAGES.nothingChanged;
    return { ...(await adminDeadlines(ctx, tx)), message };
  });
  // After the commit: a page read in between would otherwise keep the old dates.
  shownDates.delete(ctx);
  return saved;
}

/** The later of two instants, as written. */
export function laterOf(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** An extension never shortens a deadline: the later of the two applies. */
function withExtension(conference: string, extension: string | undefined): StepDeadline {
  if (extension && Date.parse(extension) > Date.parse(conference)) return { closesAt: extension, extended: true };
  return { closesAt: conference, extended: false };
}

/**
 * Until when each author step is open for a paper (null: not yet submitted). A submission an
 * admin reset is open for its re-upload without a date, unless the admin gave one.
 */
export function deadlinesOfPaper(
  dates: ConferenceDates,
  state: PaperState | null,
  extensions: Partial<Record<DeadlineStep, string>>,
): PaperDeadlines {
  return {
    abstract: stepDeadline(dates, extensions, 'abstract', state?.abstract === 'reset'),
    payment: stepDeadline(dates, extensions, 'payment', false),
    fullPaper: stepDeadline(dates, extensions, 'fullPaper', state?.fullPaper === 'reset'),
    // Only a paper asked for a response has one (the author response round).
    response:
      state?.status === 'author_response_awaited'
        ? withExtension(dates[DEADLINE_OF_STEP.response], extensions.response)
        : null,
  };
}

function stepDeadline(
  dates: ConferenceDates,
  extensions: Partial<Record<DeadlineStep, string>>,
  step: DeadlineStep,
  reset: boolean,
): StepDeadline | null {
  return reset && !extensions[step] ? null : withExtension(dates[DEADLINE_OF_STEP[step]], extensions[step]);
}

function extensionsByPaper(rows: repo.DeadlineExtensionRow[]): Map<string, Partial<Record<DeadlineStep, string>>> {
  const byPaper = new Map<string, Partial<Record<DeadlineStep, string>>>();
  for (const row of rows) byPaper.set(row.paperId, { ...byPaper.get(row.paperId), [row.step]: row.closesAt });
  return byPaper;
}

/** The deadlines of several papers, for presenting them. */
export async function deadlinesOfPapers(
  ctx: AppContext,
  db: DbOrTx,
  papers: { id: string; state: PaperState }[],
): Promise<Map<string, PaperDeadlines>> {
  const rows = await repo.findExtensionsOfPapers(
    db,
    papers.map((p) => p.id),
  );
  return deadlinesOfPapersWithExtensions(
    ctx,
    db,
    papers.map((p) => ({ ...p, extensions: rows.filter((row) => row.paperId === p.id) })),
  );
}

/** The same, for papers whose own deadlines were read with them (the admin's views read them in one query). */
export async function deadlinesOfPapersWithExtensions(
  ctx: AppContext,
  db: DbOrTx,
  papers: { id: string; state: PaperState; extensions: { step: string; closesAt: string }[] }[],
): Promise<Map<string, PaperDeadlines>> {
  const dates = await datesToShow(ctx, db);
  return new Map(
    papers.map((p) => [
      p.id,
      deadlinesOfPaper(dates, p.state, Object.fromEntries(p.extensions.map((e) => [e.step, e.closesAt]))),
    ]),
  );
}

/** What the state machine needs to judge an author step on time: read inside the step's transaction. */
export async function stepTiming(
  ctx: AppContext,
  db: DbOrTx,
  paper: { id: string; state: PaperState } | null,
): Promise<StepTiming> {
  const dates = await currentDates(ctx, db);
  const extensions = paper ? extensionsByPaper(await repo.findExtensionsOfPapers(db, [paper.id])) : new Map();
  return {
    now: ctx.now(),
    graceMs: ctx.config.deadlineGraceMs,
    abstractOpens: dates.abstractOpens,
    deadlines: deadlinesOfPaper(dates, paper?.state ?? null, (paper && extensions.get(paper.id)) ?? {}),
  };
}

/** The conference's deadline of a step, in force now (inside the caller's transaction). */
export async function conferenceDeadline(ctx: AppContext, db: DbOrTx, step: DeadlineStep): Promise<string> {
  return (await currentDates(ctx, db))[DEADLINE_OF_STEP[step]];
}

/** Records a paper's own deadline for a step (inside the caller's transaction); it must end in the future. */
export async function grantExtension(
  ctx: AppContext,
  tx: DbOrTx,
  values: { paperId: string; step: DeadlineStep; closesAt: string; reason: string; grantedBy: string },
): Promise<void> {
  if (Date.parse(values.closesAt) <= ctx.now().getTime())
    throw new AppError('bad_request', DEADLINE_MESSAGES.extensionInPast);
  await repo.upsertExtension(tx, values);
}

export async function removeExtension(tx: DbOrTx, paperId: string, step: DeadlineStep): Promise<void> {
  await repo.deleteExtension(tx, paperId, step);
}

/** The most words an author's response to the reviews may have: set on the Deadlines page, 500 by default. */
export async function responseWordLimit(db: DbOrTx): Promise<number> {
  return (await repo.findResponseWordLimit(db)) ?? RESPONSE_WORD_LIMIT.default;
}

export async function saveResponseWordLimit(
  ctx: AppContext,
  admin: PublicUser,
  wordLimit: number,
): Promise<{ message: string; wordLimit: number }> {
  await repo.upsertResponseWordLimit(ctx.db, wordLimit, admin._id);
  return { message: RESPONSE_TEXTS.wordLimitSaved, wordLimit };
}
