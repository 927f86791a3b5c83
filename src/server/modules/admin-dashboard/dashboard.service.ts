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
import { presentForAdmin } from '../papers/admin-papers.service.ts';
import * as repo from './dashboard.repository.ts';

const RECENT_SUBMISSIONS = 8;

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

/**
 * A list's total for one filter and search, counted once per version of the data (raised by
 * every write the lists show) and shared by every admin paging through the same list.
 */
export async function listTotal(ctx: AppContext, key: unknown[], count: () => Promise<number>): Promise<number> {
  const version = await repo.dashboardVersion(ctx.db);
  return ctx.listTotals.get(JSON.stringify(key), version, count);
}

/**
 * The page's rows and its pagination. The total is counted first: a page past the end asks
 * nothing more, and a search reads its page in the way that suits how many rows match.
 */
async function pageAfterTotal<Row>(
  query: { page: number; limit: number },
  total: number,
  read: (page: repo.Page) => Promise<Row[]>,
): Promise<{ rows: Row[]; pagination: ListPagination }> {
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const rows = page.offset < total ? await read(page) : [];
  return { rows, pagination: pagination(query.page, query.limit, total) };
}

export async function listUsers(ctx: AppContext, query: { search: string; page: number; limit: number }) {
  const total = await listTotal(ctx, ['users', query.search], () => repo.countUsers(ctx.db, query.search));
  const { rows, pagination } = await pageAfterTotal(query, total, (page) =>
    repo.pageOfUsers(ctx.db, query.search, page, total),
  );
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
  return { users, pagination };
}

export async function listPapers(
  ctx: AppContext,
  query: repo.PaperFilter & { page: number; limit: number },
): Promise<{ papers: AdminPaper[]; pagination: ListPagination }> {
  const filter: repo.PaperFilter = { search: query.search, status: query.status, theme: query.theme, mode: query.mode };
  const total = await listTotal(ctx, ['papers', filter], () => repo.countPapers(ctx.db, filter));
  const { rows, pagination } = await pageAfterTotal(query, total, (page) =>
    repo.pageOfPapers(ctx.db, filter, page, total),
  );
  return { papers: await presentForAdmin(ctx, ctx.db, rows), pagination };
}

export function toRecord(r: Awaited<ReturnType<typeof repo.records>>[number]): RecordRow {
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
  const filter = { search: query.search, filter: query.filter };
  // The cards describe the whole conference, whatever the search: each is the total of its table.
  const [total, { recordsSummary }] = await Promise.all([
    listTotal(ctx, ['records', filter], () => repo.countRecords(ctx.db, filter)),
    dashboardFigures(ctx),
  ]);
  // A page asks for no more rows than remain: the last page, or a search that finds few, then
  // never looks for authors without a paper that cannot be on it.
  const { rows, pagination } = await pageAfterTotal(query, total, (page) =>
    repo.records(ctx.db, query, { ...page, limit: Math.min(page.limit, total - page.offset) }, total),
  );
  return { rows: rows.map(toRecord), summary: recordsSummary, pagination };
}
