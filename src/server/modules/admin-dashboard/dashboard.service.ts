import { PAPER_STATUSES, type PaperStatus } from '../../../shared/constants.ts';
import type {
  AdminUserRow,
  DashboardStats,
  ListPagination,
  RecentSubmission,
  RecordRow,
  RecordsQuery,
  RecordsSummary,
} from '../../../shared/schemas/admin-dashboard.ts';
import type { AdminPaper } from '../../../shared/schemas/admin-paper.ts';
import type { AppContext } from '../../context.ts';
import { pagination } from '../../lib/pagination.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isRealPaymentId } from '../../../shared/domain/payment.ts';
import { presentForAdmin } from '../papers/admin-papers.service.ts';
import { toCsv } from './csv.ts';
import * as repo from './dashboard.repository.ts';

const RECENT_SUBMISSIONS = 8;
/** The CSV export's ceiling; far above any conference's size. */
const EXPORT_MAX_ROWS = 100_000;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const rate = (part: number, whole: number) => (whole === 0 ? 0 : oneDecimal((part / whole) * 100));

function tally<K extends string>(rows: { key: string | null; n: number }[]): Record<K, number> {
  return Object.fromEntries(rows.filter((r) => r.key !== null).map((r) => [r.key, r.n])) as Record<K, number>;
}

type DashboardFigures = {
  stats: DashboardStats;
  recentSubmissions: RecentSubmission[];
  recordsSummary: RecordsSummary;
};

/**
 * The dashboard's figures, shared by every admin until the next write anywhere (one indexed
 * read of the version tells): after a change, the very next read on any process shows it.
 */
export async function dashboardFigures(ctx: AppContext): Promise<DashboardFigures> {
  const version = await repo.dashboardVersion(ctx.db);
  return ctx.dashboardStats.get(version, () => computeDashboardFigures(ctx.db));
}

export async function dashboardStats(
  ctx: AppContext,
): Promise<{ stats: DashboardStats; recentSubmissions: RecentSubmission[] }> {
  const { stats, recentSubmissions } = await dashboardFigures(ctx);
  return { stats, recentSubmissions };
}

/** Every figure of the dashboard, read fresh (the integrity check compares them with the lists). */
export async function computeDashboardFigures(db: DbOrTx): Promise<DashboardFigures> {
  const [totals, totalUsers, byStatus, byTheme, byMode, recent, records] = await Promise.all([
    repo.paperTotals(db),
    repo.countAccounts(db),
    repo.paperCountsBy(db, 'status'),
    repo.paperCountsBy(db, 'theme'),
    repo.paperCountsBy(db, 'modeOfPresentation'),
    repo.recentSubmissions(db, RECENT_SUBMISSIONS),
    repo.recordsSummaryCounts(db),
  ]);
  const statusCounts = tally<PaperStatus>(byStatus);
  return {
    stats: {
      totalUsers,
      total: totals.total,
      byStatus: Object.fromEntries(PAPER_STATUSES.map((s) => [s, statusCounts[s] ?? 0])) as Record<PaperStatus, number>,
      fullPaperSubmitted: totals.fullPaperSubmitted,
      abstractOnlySubmitted: totals.total - totals.fullPaperSubmitted,
      paymentCompleted: totals.paymentCompleted,
      pendingPayment: totals.total - totals.paymentCompleted,
      presentationModes: tally(byMode),
      themes: tally(byTheme),
      activeThisWeek: totals.activeThisWeek,
      usersWithPapers: totals.usersWithPapers,
      evaluated: totals.evaluated,
      averageScore: totals.averageScore === null ? null : oneDecimal(totals.averageScore),
    },
    recentSubmissions: recent.map((r) => ({
      _id: r.id,
      title: r.title,
      ictacemId: r.ictacemId,
      firstAuthor: r.firstAuthor,
      submittedAt: r.submittedAt.toISOString(),
      status: r.status,
    })),
    recordsSummary: {
      totalSubmissions: records.withPaper,
      paid: records.paid,
      unpaid: records.unpaid,
      noSubmissions: records.withoutPaper,
      paymentRate: rate(records.paid, records.withPaper),
      evaluated: records.evaluated,
      pending: records.pending,
      evaluationRate: rate(records.evaluated, records.withPaper),
      averageScore: records.averageScore === null ? null : oneDecimal(records.averageScore),
    },
  };
}

export async function listUsers(ctx: AppContext, query: { search: string; page: number; limit: number }) {
  const { rows, total } = await repo.pageOfUsers(ctx.db, {
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const counts = await repo.statusCountsOfUsers(
    ctx.db,
    rows.map((r) => r.id),
  );
  const users: AdminUserRow[] = rows.map((u) => {
    const mine = counts.filter((c) => c.userId === u.id);
    return {
      _id: u.id,
      username: u.username,
      email: u.email,
      customUserId: u.customUserId,
      createdAt: u.createdAt.toISOString(),
      paperCount: mine.reduce((sum, c) => sum + c.n, 0),
      statusCounts: Object.fromEntries(
        PAPER_STATUSES.map((s) => [s, mine.find((c) => c.status === s)?.n ?? 0]),
      ) as Record<PaperStatus, number>,
    };
  });
  return { users, pagination: pagination(query.page, query.limit, total) };
}

export async function listPapers(
  ctx: AppContext,
  query: { search: string; status?: string; theme?: string; mode?: string; page: number; limit: number },
): Promise<{ papers: AdminPaper[]; pagination: ListPagination }> {
  const { rows, total } = await repo.pageOfPapers(ctx.db, { ...query, offset: (query.page - 1) * query.limit });
  return { papers: await presentForAdmin(ctx, ctx.db, rows), pagination: pagination(query.page, query.limit, total) };
}

function toRecord(r: Awaited<ReturnType<typeof repo.records>>[number]): RecordRow {
  return {
    user: { _id: r.userId, username: r.username, email: r.email, customUserId: r.customUserId },
    paper:
      r.paperId === null
        ? null
        : {
            _id: r.paperId,
            title: r.title!,
            status: r.status!,
            paymentId: r.paymentId!,
            paymentIdShared: r.paymentIdShared,
            submittedAt: r.submittedAt!.toISOString(),
            marks: r.marks,
            evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
          },
  };
}

export async function listRecords(ctx: AppContext, query: RecordsQuery) {
  const offset = (query.page - 1) * query.limit;
  // The cards describe the whole conference, whatever the search: each is the total of its table.
  const [total, { recordsSummary }] = await Promise.all([repo.countRecords(ctx.db, query), dashboardFigures(ctx)]);
  // Counted first so that a page asks for no more rows than remain: the last page, or a search
  // that finds few, then never looks for authors without a paper that cannot be on it.
  const rows =
    total > offset ? await repo.records(ctx.db, query, { limit: Math.min(query.limit, total - offset), offset }) : [];
  return { rows: rows.map(toRecord), summary: recordsSummary, pagination: pagination(query.page, query.limit, total) };
}

const enGb = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-GB') : '');

export async function exportRecordsCsv(ctx: AppContext, query: Omit<RecordsQuery, 'page' | 'limit'>): Promise<string> {
  const rows = (await repo.records(ctx.db, query, { limit: EXPORT_MAX_ROWS, offset: 0 })).map(toRecord);
  const who = (r: RecordRow) => [r.user.username, r.user.email, r.user.customUserId];
  if (query.view === 'financial') {
    return toCsv(
      ['User', 'Email', 'User ID', 'Paper', 'Payment Status', 'Payment ID', 'Submitted'],
      rows.map((r) => [
        ...who(r),
        r.paper?.title ?? 'N/A',
        !r.paper ? 'No Submission' : isRealPaymentId(r.paper.paymentId) ? 'Paid' : 'Unpaid',
        r.paper?.paymentId ?? '',
        enGb(r.paper?.submittedAt),
      ]),
    );
  }
  return toCsv(
    ['User', 'Email', 'User ID', 'Paper', 'Paper Status', 'Evaluation Status', 'Score', 'Reviewed', 'Submitted'],
    rows.map((r) => [
      ...who(r),
      r.paper?.title ?? 'N/A',
      r.paper?.status ?? '',
      !r.paper ? 'No Submission' : r.paper.marks === null ? 'Pending Review' : 'Evaluated',
      r.paper?.marks ?? '',
      enGb(r.paper?.evaluatedAt),
      enGb(r.paper?.submittedAt),
    ]),
  );
}
