import { and, asc, count as countRows, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAPER_STATUSES } from '@shared/constants.ts';
import { themeLabels } from '@shared/conference.ts';
import {
  BASELINE_ACTION,
  isCommitteeAction,
  isPaperAction,
  type PaperAction,
  type PaperState,
  sameState,
  transition,
} from '@shared/domain/paper-workflow.ts';
import type { RecordsQuery } from '@shared/schemas/admin-dashboard.ts';
import type { DbOrTx } from '../db/client.ts';
import { auditLog, chatMessages, notifications, papers, submissionVersions, users } from '../db/schema/index.ts';
import * as dashboard from '../modules/admin-dashboard/dashboard.repository.ts';
import { stateOfPaper } from '../modules/papers/paper-workflow.ts';
import { computeDashboardFigures } from '../modules/admin-dashboard/dashboard.service.ts';
import { readTogether } from '../db/read-together.ts';

export type InvariantKind = 'counts' | 'history' | 'evaluation' | 'future_date';

export interface InvariantProblem {
  kind: InvariantKind;
  detail: string;
}

/** Clocks of several machines differ a little; a date further ahead than this cannot be real. */
const CLOCK_SKEW = "interval '1 minute'";
const PAPERS_PER_BATCH = 2000;

/**
 * The review records' invariants (docs/architecture.md, "The paper state machine"):
 * - every card and chip equals the total of the list it stands for, under every filter;
 * - every paper's history replays through the state machine, step by step, to its current state;
 * - no marks without an evaluator and a date;
 * - no date in the future.
 */
export async function checkReviewInvariants(db: DbOrTx): Promise<InvariantProblem[]> {
  return [
    ...(await checkCounts(db)),
    ...(await checkHistories(db)),
    ...(await checkEvaluations(db)),
    ...(await checkDates(db)),
  ];
}

async function checkCounts(db: DbOrTx): Promise<InvariantProblem[]> {
  const problems: InvariantProblem[] = [];
  const expect = (what: string, card: number, list: number) => {
    if (card !== list)
      problems.push({ kind: 'counts', detail: `${what}: the card says ${card}, the list has ${list}` });
  };
  const { stats, recordsSummary } = await computeDashboardFigures(db);
  const records = (filter: RecordsQuery['filter']) => dashboard.countRecords(db, { search: '', filter });
  const papersWhere = (query: Pick<dashboard.PaperFilter, 'status' | 'theme'>) =>
    dashboard.countPapers(db, { search: '', ...query });

  expect('Total Users', stats.totalUsers, await dashboard.countUsers(db, ''));
  expect('Total Papers', stats.total, await papersWhere({}));
  for (const status of PAPER_STATUSES)
    expect(`Papers with status ${status}`, stats.byStatus[status], await papersWhere({ status }));
  for (const theme of themeLabels())
    expect(`Papers in theme ${theme}`, stats.themes[theme] ?? 0, await papersWhere({ theme }));
  expect('All records', recordsSummary.totalSubmissions + recordsSummary.noSubmissions, await records('all'));
  expect('Paid', recordsSummary.paid, await records('paid'));
  expect('Unpaid', recordsSummary.unpaid, await records('unpaid'));
  expect('Evaluated', recordsSummary.evaluated, await records('evaluated'));
  expect('Pending', recordsSummary.pending, await records('pending'));
  // The cards derive these from one paper per account (papers_user_id_uq); counted here directly.
  const [owners] = await db.select({ n: sql<number>`count(distinct ${papers.userId})`.mapWith(Number) }).from(papers);
  expect('Accounts with a paper', stats.usersWithPapers, owners?.n ?? 0);
  const [withoutPaper] = await db
    .select({ n: countRows() })
    .from(users)
    .where(sql`not exists (select 1 from ${papers} where ${papers.userId} = ${users.id})`);
  expect('No Submissions', recordsSummary.noSubmissions, withoutPaper?.n ?? 0);
  return problems;
}

type EntryRow = {
  paperId: string | null;
  action: string;
  newStatus: PaperState['status'] | null;
  details: Record<string, unknown> | null;
  seq: number;
};

function actionOf(entry: EntryRow): PaperAction {
  if (entry.action === 'status_change') return { type: 'status_change', status: entry.newStatus! };
  return { type: entry.action } as PaperAction;
}

/** Replays one paper's recorded steps; returns what is wrong, or null. */
export function replayHistory(entries: EntryRow[], current: PaperState): string | null {
  let state: PaperState | null = null;
  for (const entry of entries) {
    if (isCommitteeAction(entry.action)) continue;
    const after = entry.details?.after as PaperState | undefined;
    if (entry.action === BASELINE_ACTION) {
      state = after ?? null;
      continue;
    }
    // Admin actions from before the timeline carry no states; the baseline after them does.
    if (!after) {
      if (state === null) continue;
      return `step ${entry.seq} (${entry.action}) has no recorded state`;
    }
    if (!isPaperAction(entry.action)) return `step ${entry.seq} has an unknown action ${entry.action}`;
    const result = transition(state, actionOf(entry));
    if (!result.ok)
      return `step ${entry.seq} (${entry.action}) is not allowed from ${JSON.stringify(state)}: ${result.message}`;
    if (!sameState(result.next, after))
      return `step ${entry.seq} (${entry.action}) recorded ${JSON.stringify(after)}, the state machine gives ${JSON.stringify(result.next)}`;
    state = result.next;
  }
  if (state === null) return 'no recorded submission';
  if (!sameState(state, current))
    return `its history ends in ${JSON.stringify(state)}, the paper is ${JSON.stringify(current)}`;
  return null;
}

async function checkHistories(db: DbOrTx): Promise<InvariantProblem[]> {
  const problems: InvariantProblem[] = [];
  const all = await db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      status: papers.status,
      abstractFileId: papers.abstractFileId,
      fullPaperFileId: papers.fullPaperFileId,
      paymentId: papers.paymentId,
    })
    .from(papers)
    .orderBy(asc(papers.id));
  for (let i = 0; i < all.length; i += PAPERS_PER_BATCH) {
    const batch = all.slice(i, i + PAPERS_PER_BATCH);
    const ids = batch.map((p) => p.id);
    const [entries, withFullPaperVersions] = await readTogether(db, [
      () =>
        db
          .select({
            paperId: auditLog.paperId,
            action: auditLog.action,
            newStatus: auditLog.newStatus,
            details: auditLog.details,
            seq: auditLog.seq,
          })
          .from(auditLog)
          .where(inArray(auditLog.paperId, ids))
          .orderBy(asc(auditLog.seq)),
      () =>
        db
          .selectDistinct({ paperId: submissionVersions.paperId })
          .from(submissionVersions)
          .where(and(inArray(submissionVersions.paperId, ids), sql`${submissionVersions.kind} = 'full_paper'`)),
    ]);
    const byPaper = new Map<string, EntryRow[]>();
    for (const entry of entries) {
      const list = byPaper.get(entry.paperId!);
      if (list) list.push(entry);
      else byPaper.set(entry.paperId!, [entry]);
    }
    const fullPaperEver = new Set(withFullPaperVersions.map((v) => v.paperId));
    for (const paper of batch) {
      const wrong = replayHistory(byPaper.get(paper.id) ?? [], stateOfPaper(paper, fullPaperEver.has(paper.id)));
      if (wrong) problems.push({ kind: 'history', detail: `${paper.ictacemId}: ${wrong}` });
    }
  }
  return problems;
}

async function checkEvaluations(db: DbOrTx): Promise<InvariantProblem[]> {
  const rows = await db
    .select({ ictacemId: papers.ictacemId })
    .from(papers)
    .where(
      and(isNotNull(papers.evaluationMarks), sql`(${papers.evaluatedBy} is null or ${papers.evaluatedAt} is null)`),
    );
  return rows.map((r) => ({
    kind: 'evaluation' as const,
    detail: `${r.ictacemId}: marks without an evaluator or a date`,
  }));
}

async function checkDates(db: DbOrTx): Promise<InvariantProblem[]> {
  const future = (column: AnyPgColumn) => gt(column, sql`now() + ${sql.raw(CLOCK_SKEW)}`);
  const count = async (table: PgTable, column: AnyPgColumn) =>
    (await db.select({ n: countRows() }).from(table).where(future(column)))[0]?.n ?? 0;
  const checks: [string, PgTable, AnyPgColumn][] = [
    ['papers.submitted_at', papers, papers.submittedAt],
    ['papers.reviewed_at', papers, papers.reviewedAt],
    ['papers.evaluated_at', papers, papers.evaluatedAt],
    ['papers.full_paper_submitted_at', papers, papers.fullPaperSubmittedAt],
    ['papers.created_at', papers, papers.createdAt],
    ['users.created_at', users, users.createdAt],
    ['audit_log.created_at', auditLog, auditLog.createdAt],
    ['submission_versions.submitted_at', submissionVersions, submissionVersions.submittedAt],
    ['chat_messages.created_at', chatMessages, chatMessages.createdAt],
    ['notifications.created_at', notifications, notifications.createdAt],
  ];
  const problems: InvariantProblem[] = [];
  for (const [name, table, column] of checks) {
    const n = await count(table, column);
    if (n > 0) problems.push({ kind: 'future_date', detail: `${n} rows with ${name} in the future` });
  }
  return problems;
}

export function formatInvariantProblems(problems: InvariantProblem[]): string {
  if (problems.length === 0)
    return 'Review records: counts agree, every paper history replays through the state machine, no marks without evaluator, no future dates.';
  return [`Review records: ${problems.length} problem(s):`, ...problems.map((p) => `  [${p.kind}] ${p.detail}`)].join(
    '\n',
  );
}
