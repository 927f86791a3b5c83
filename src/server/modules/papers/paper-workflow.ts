import { isRealPaymentId } from '@shared/domain/payment.ts';
import {
  isAuthorAction,
  PAPER_NOT_FOUND,
  type PaperAction,
  type PaperState,
  sameState,
  type StepTiming,
  transition,
} from '@shared/domain/paper-workflow.ts';
import { ADMIN_MESSAGES } from '@shared/schemas/admin-paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { groupBy } from '@server/lib/group-by.ts';
import { deadlinesOfPapers, type PaperDeadlines, stepTiming } from '../deadlines/deadlines.service.ts';
import { publishLive } from '@server/live/live-messages.ts';
import * as repo from './papers.repository.ts';

// Defined in shared code, where the conflicts module reads it without depending on this one.
export { PAPER_NOT_FOUND };

type StateColumns = Pick<repo.PaperRow, 'status' | 'abstractFileId' | 'fullPaperFileId' | 'paymentId'>;

/** The state-machine view of a paper's columns; `fullPaperEverUploaded` tells a reset full paper from none. */
export function stateOfPaper(paper: StateColumns, fullPaperEverUploaded: boolean): PaperState {
  const fullPaper = paper.fullPaperFileId ? 'current' : fullPaperEverUploaded ? 'reset' : 'none';
  return {
    status: paper.status,
    abstract: paper.abstractFileId ? 'current' : 'reset',
    fullPaper,
    paid: isRealPaymentId(paper.paymentId),
  };
}

/** The state-machine view of a stored paper. */
export async function paperState(db: DbOrTx, paper: repo.PaperRow): Promise<PaperState> {
  return stateOfPaper(
    paper,
    paper.fullPaperFileId !== null || (await repo.hasSubmissionVersion(db, paper.id, 'full_paper')),
  );
}

/** Until when each author step is open, for papers being presented (one query per kind, not per paper). */
export async function deadlinesForPresenting(
  ctx: AppContext,
  db: DbOrTx,
  papers: repo.PaperRow[],
): Promise<Map<string, PaperDeadlines>> {
  const withoutFullPaper = papers.filter((p) => p.fullPaperFileId === null).map((p) => p.id);
  const everUploaded = await repo.papersWithSubmissionVersion(db, withoutFullPaper, 'full_paper');
  return deadlinesOfPapers(
    ctx,
    db,
    papers.map((p) => ({ id: p.id, state: stateOfPaper(p, p.fullPaperFileId !== null || everUploaded.has(p.id)) })),
  );
}

/** The columns a step writes besides the status, which only the state machine sets. */
export type PaperChanges = Omit<Partial<repo.PaperInsert>, 'status' | 'id' | 'userId' | 'version'>;

export interface PaperStepInput {
  actor: PublicUser;
  action: PaperAction;
  /** Author steps are judged against the deadlines in force (read in the step's transaction). */
  ctx?: AppContext;
  /** The paper version the admin saw: a stale one answers 409 instead of overwriting. */
  expectedVersion?: number;
  /** Runs once the step is allowed, on the locked row; returns the columns to write, if any. */
  changes?: (paper: repo.PaperRow) => Promise<PaperChanges | null> | PaperChanges | null;
  /**
   * False for the confidential evaluation: saving marks must not make the status form another
   * admin has open look stale.
   */
  bumpVersion?: boolean;
  /** Shown on the timeline: review comments or a reset reason. */
  reason?: string | null;
  /** What the step touched, for the timeline (file name, version, marks); never secrets. */
  details?: Record<string, unknown> | ((previous: repo.PaperRow, paper: repo.PaperRow) => Record<string, unknown>);
}

export interface PaperStep {
  paper: repo.PaperRow;
  /** The row as it was before the step. */
  previous: repo.PaperRow;
  from: PaperState;
  to: PaperState;
}

async function record(
  tx: DbOrTx,
  input: PaperStepInput,
  rows: { previous?: repo.PaperRow; paper: repo.PaperRow },
  from: PaperState | null,
  to: PaperState,
): Promise<void> {
  const { paper, previous = paper } = rows;
  const details = typeof input.details === 'function' ? input.details(previous, paper) : input.details;
  await repo.insertAuditEntry(tx, {
    actorId: input.actor._id,
    action: input.action.type,
    paperId: paper.id,
    targetUserId: paper.userId,
    previousStatus: from?.status ?? null,
    newStatus: to.status,
    comments: input.reason || null,
    details: { ...details, before: from, after: to },
  });
}

/** A write that disagrees with the state machine is a bug: it rolls back rather than being kept. */
function assertSameState(paperId: string, written: PaperState, expected: PaperState): void {
  if (!sameState(written, expected)) {
    throw new Error(
      `Paper ${paperId} was written as ${JSON.stringify(written)}, the state machine says ${JSON.stringify(expected)}`,
    );
  }
}

async function assertWritten(tx: DbOrTx, paper: repo.PaperRow, expected: PaperState): Promise<void> {
  assertSameState(paper.id, await paperState(tx, paper), expected);
}

/** The timing an author step is judged by; an author step without one is a bug, not a pass. */
async function timingOf(
  tx: DbOrTx,
  input: Pick<PaperStepInput, 'action' | 'ctx'>,
  paper: { id: string; state: PaperState } | null,
): Promise<StepTiming | undefined> {
  if (!isAuthorAction(input.action.type)) return undefined;
  if (!input.ctx) throw new Error(`The author step ${input.action.type} was applied without its deadlines`);
  return stepTiming(input.ctx, tx, paper);
}

/** The state machine's verdict as an HTTP error: 403 after a deadline, 409 for the paper's state. */
export function refusal(result: { message: string; deadline?: true }): AppError {
  return new AppError(result.deadline ? 'forbidden' : 'conflict', result.message);
}

/**
 * The one way a paper changes (inside the caller's transaction): the row is locked, the state
 * machine decides whether the action is allowed (409 with its message if not, 403 once its
 * deadline has passed) and what the status becomes, the columns are written, and the step is
 * recorded on the paper's timeline.
 */
export async function applyPaperStep(tx: DbOrTx, paperId: string, input: PaperStepInput): Promise<PaperStep> {
  const previous = await repo.findPaperForUpdate(tx, paperId);
  if (!previous) throw new AppError('not_found', PAPER_NOT_FOUND);
  if (input.expectedVersion !== undefined && previous.version !== input.expectedVersion)
    throw new AppError('conflict', ADMIN_MESSAGES.conflict);
  const from = await paperState(tx, previous);
  const result = transition(from, input.action, await timingOf(tx, input, { id: paperId, state: from }));
  if (!result.ok) throw refusal(result);
  const changes = (await input.changes?.(previous)) ?? null;
  let paper = previous;
  if (changes || result.next.status !== from.status) {
    const values = { ...changes, status: result.next.status };
    paper = (await repo.updatePaperColumns(tx, paperId, values, input.bumpVersion ?? true))!;
  }
  await assertWritten(tx, paper, result.next);
  await record(tx, input, { previous, paper }, from, result.next);
  // The author's pages follow the paper (status, files, release) without a reload.
  await publishLive(tx, { kind: 'paper', paperId, userIds: [previous.userId] });
  return { paper, previous, from, to: result.next };
}

/**
 * One admin step that writes only the status, applied to many papers as `applyPaperStep` applies
 * it to one (rows locked, the machine asked for each, the status written, the written rows checked
 * against it, each step recorded), in a few statements for all of them instead of a few each: an
 * applied assignment plan starts the review of thousands of papers in one transaction. Any
 * refusal refuses the whole batch.
 */
export async function applyPaperStepToMany(
  tx: DbOrTx,
  paperIds: readonly string[],
  input: Pick<PaperStepInput, 'actor' | 'action' | 'reason'>,
): Promise<void> {
  if (isAuthorAction(input.action.type))
    throw new Error(`The author step ${input.action.type} is taken one paper at a time`);
  if (paperIds.length === 0) return;
  const previous = await repo.findPapersForUpdate(tx, paperIds);
  if (previous.length !== new Set(paperIds).size) throw new AppError('not_found', PAPER_NOT_FOUND);
  const withoutFullPaper = previous.filter((paper) => paper.fullPaperFileId === null).map((paper) => paper.id);
  const everUploaded = await repo.papersWithSubmissionVersion(tx, withoutFullPaper, 'full_paper');
  const stateOf = (paper: repo.PaperRow) =>
    stateOfPaper(paper, paper.fullPaperFileId !== null || everUploaded.has(paper.id));
  const steps = previous.map((paper) => {
    const from = stateOf(paper);
    const result = transition(from, input.action);
    if (!result.ok) throw refusal(result);
    return { paper, from, to: result.next };
  });
  const written = new Map<string, repo.PaperRow>();
  const changing = groupBy(
    steps.filter(({ from, to }) => to.status !== from.status),
    ({ to }) => to.status,
  );
  for (const [status, changed] of changing) {
    const ids = changed.map(({ paper }) => paper.id);
    for (const row of await repo.updatePapersStatus(tx, ids, status)) written.set(row.id, row);
  }
  for (const { paper, to } of steps) assertSameState(paper.id, stateOf(written.get(paper.id) ?? paper), to);
  await repo.insertAuditEntries(
    tx,
    steps.map(({ paper, from, to }) => ({
      actorId: input.actor._id,
      action: input.action.type,
      paperId: paper.id,
      targetUserId: paper.userId,
      previousStatus: from.status,
      newStatus: to.status,
      comments: input.reason || null,
      details: { before: from, after: to },
    })),
  );
  // Each author whose paper moved sees it without a reload, as after a step on one paper.
  for (const { paper, from, to } of steps)
    if (to.status !== from.status) await publishLive(tx, { kind: 'paper', paperId: paper.id, userIds: [paper.userId] });
}

/** A new paper, in the state the state machine starts it in, recorded as its first step. */
export async function createPaperStep(
  tx: DbOrTx,
  input: Omit<PaperStepInput, 'action' | 'changes' | 'expectedVersion'>,
  insert: (status: PaperState['status']) => Promise<repo.PaperRow>,
): Promise<repo.PaperRow> {
  const step = { ...input, action: { type: 'submitted' } as const };
  const result = transition(null, step.action, await timingOf(tx, step, null));
  if (!result.ok) throw refusal(result);
  const paper = await insert(result.next.status);
  await record(tx, step, { paper }, null, result.next);
  return paper;
}
