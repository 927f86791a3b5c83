import { PAPER_STATUSES, type PaperStatus } from '@shared/constants.ts';
import { reviewTally } from '@shared/domain/reviews.ts';
import type {
  AdminPaperListRow,
  PaperFilterQuery,
  PaperListQuery,
  AdminUserRow,
  DashboardStats,
  ListPagination,
  RecentSubmission,
  RecordRow,
  RecordsQuery,
  RecordsSummary,
} from '@shared/schemas/admin-dashboard.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { BULK_MESSAGES, BULK_SELECTION_MAX } from '@shared/domain/bulk-actions.ts';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import { pagination } from '@server/lib/pagination.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { presentPageForAdmin } from '../papers/admin-papers.service.ts';
import * as repo from './dashboard.repository.ts';

const RECENT_SUBMISSIONS = 8;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const rate = (part: number, whole: number) => (whole === 0 ? 0 : oneDecimal((part / whole) * 100));

type DashboardFigures = {
  stats: DashboardStats;
  recentSubmissions: RecentSubmission[];
  recordsSummary: RecordsSummary;
};

/**
 * The dashboard's figures, shared by every admin until the next write anywhere (one indexed
 * read of the version tells): after a change, the very next read on any process shows it. They
 * are read from one snapshot, so that no card can disagree with another.
 */
export async function dashboardFigures(ctx: AppContext): Promise<DashboardFigures> {
  return figuresAt(ctx, await repo.dashboardVersion(ctx.db));
}

/** The figures of this version of the data (`repo.dashboardVersion`, read by the caller). */
function figuresAt(ctx: AppContext, version: number | undefined): Promise<DashboardFigures> {
  return ctx.dashboardStats.get(version, () =>
    ctx.db.transaction((tx) => computeDashboardFigures(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    }),
  );
}

export async function dashboardStats(
  ctx: AppContext,
): Promise<{ stats: DashboardStats; recentSubmissions: RecentSubmission[] }> {
  const { stats, recentSubmissions } = await dashboardFigures(ctx);
  return { stats, recentSubmissions };
}

const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

function tally<K extends string>(rows: { key: K | null; n: number }[]): Record<K, number> {
  const counts = {} as Record<K, number>;
  for (const { key, n } of rows) if (key !== null) counts[key] = (counts[key] ?? 0) + n;
  return counts;
}

/**
 * Every figure of the dashboard, read fresh (the integrity check compares them with the lists):
 * one pass over the papers, a count of the accounts and the latest submissions. Pass a
 * transaction for figures from one snapshot.
 */
export async function computeDashboardFigures(db: DbOrTx): Promise<DashboardFigures> {
  const tallies = await repo.paperTallies(db);
  const totalUsers = await repo.countAccounts(db);
  const recent = await repo.recentSubmissions(db, RECENT_SUBMISSIONS);
  const total = sum(tallies, (t) => t.papers);
  const paid = sum(tallies, (t) => t.paid);
  // A confirmed payment keeps its ID (a confirmed payment cannot be rejected): confirmed are paid.
  const confirmed = sum(tallies, (t) => t.confirmed);
  const evaluated = sum(tallies, (t) => t.evaluated);
  const averageScore = evaluated === 0 ? null : oneDecimal(sum(tallies, (t) => t.marksSum) / evaluated);
  const statusCounts = tally(tallies.map((t) => ({ key: t.status, n: t.papers })));
  return {
    stats: {
      totalUsers,
      total,
      byStatus: Object.fromEntries(PAPER_STATUSES.map((s) => [s, statusCounts[s] ?? 0])) as Record<PaperStatus, number>,
      fullPaperSubmitted: sum(tallies, (t) => t.fullPaperSubmitted),
      abstractOnlySubmitted: total - sum(tallies, (t) => t.fullPaperSubmitted),
      paymentCompleted: paid,
      pendingPayment: total - paid,
      paymentConfirmed: confirmed,
      paymentEntered: paid - confirmed,
      presentationModes: tally(tallies.map((t) => ({ key: t.mode, n: t.papers }))),
      themes: tally(tallies.map((t) => ({ key: t.theme, n: t.papers }))),
      activeThisWeek: sum(tallies, (t) => t.activeThisWeek),
      // One paper per account (papers_user_id_uq).
      usersWithPapers: total,
      evaluated,
      averageScore,
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
      totalSubmissions: total,
      paid,
      confirmed,
      entered: paid - confirmed,
      unpaid: sum(tallies, (t) => t.unpaid),
      // Every paper has one account and no account two (papers_user_id_uq): the rest have none.
      noSubmissions: totalUsers - total,
      paymentRate: rate(paid, total),
      evaluated,
      pending: sum(tallies, (t) => t.pending),
      evaluationRate: rate(evaluated, total),
      averageScore,
    },
  };
}

/**
 * Lists' totals at the data's current version (raised by every write the lists show): each
 * counted once per version for a filter and search, and shared by every admin paging through the
 * same list. `scope` adds the size of the table a search starts from, counted the same way, from
 * which the search picks its strategy (none is needed without a search).
 */
async function listTotals(ctx: AppContext) {
  const version = await repo.dashboardVersion(ctx.db);
  const at = (key: unknown[], count: () => Promise<number>) => totalAt(ctx, version, key, count);
  return {
    version,
    at,
    async scope(matches: number, search: string, table: 'users' | 'papers'): Promise<repo.SearchScope> {
      const tableRows = search ? await at(['rows', table], () => repo.countTableRows(ctx.db, table)) : 0;
      return { matches, tableRows };
    },
  };
}

function totalAt(
  ctx: AppContext,
  version: number | undefined,
  key: unknown[],
  count: () => Promise<number>,
): Promise<number> {
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
  const totals = await listTotals(ctx);
  const total = await totals.at(['users', query.search], () => repo.countUsers(ctx.db, query.search));
  const { rows, pagination } = await pageAfterTotal(query, total, async (page) =>
    repo.pageOfUsers(ctx.db, query.search, page, await totals.scope(total, query.search, 'users')),
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

/** The paper list's query as the repository filters by it, for the admin asking. */
export function paperFilterFor(
  query: PaperFilterQuery,
  adminId: string,
  config?: Pick<AppContext['config'], 'conferenceDates'>,
): repo.PaperFilter {
  const { unread, ...rest } = query;
  return {
    ...rest,
    unreadBy: unread === 'yes' ? adminId : undefined,
    responseDeadlineDefault: config?.conferenceDates.authorResponseDeadline,
  };
}

/**
 * The total of a paper filter, and of all papers when it searches: memoised per version of the
 * data like the other lists, except for unread messages, which reading the chat changes without a
 * version (and which are few).
 */
async function paperScope(
  ctx: AppContext,
  filter: repo.PaperFilter,
  totals?: Awaited<ReturnType<typeof listTotals>>,
): Promise<repo.SearchScope> {
  totals ??= await listTotals(ctx);
  const { sort: _order, ...counted } = filter;
  // "No response" changes with the clock, without a new version of the data.
  const matches =
    filter.unreadBy || filter.response
      ? await repo.countPapers(ctx.db, filter)
      : await totals.at(['papers', counted], () => repo.countPapers(ctx.db, filter));
  return totals.scope(matches, filter.search, 'papers');
}

/**
 * Where a deep page of papers starts its walk (repo.paperAnchorOffset): the place of a row a
 * multiple of PAPER_PLACES_EVERY in, found once per version of the data and filter and shared like
 * the totals, so that page 1,000 walks a few hundred index entries instead of 20,000.
 */
async function paperAnchor(
  ctx: AppContext,
  version: number | undefined,
  filter: repo.PaperFilter,
  page: repo.Page,
): Promise<repo.PaperAnchor | undefined> {
  const offset = repo.paperAnchorOffset(filter, page);
  if (offset === undefined) return undefined;
  const { sort: _order, ...counted } = filter;
  const place = await ctx.listPlaces.get(JSON.stringify(['papers', counted, offset]), version, () =>
    repo.paperPlaceAt(ctx.db, filter, offset),
  );
  return place ? { offset, place } : undefined;
}

export async function listPapers(
  ctx: AppContext,
  adminId: string,
  query: PaperListQuery,
): Promise<{ papers: AdminPaperListRow[]; pagination: ListPagination }> {
  const filter = paperFilterFor(query, adminId, ctx.config);
  const totals = await listTotals(ctx);
  const scope = await paperScope(ctx, filter, totals);
  const { rows, pagination } = await pageAfterTotal(query, scope.matches, async (page) =>
    repo.pageOfPapers(ctx.db, filter, page, scope, adminId, await paperAnchor(ctx, totals.version, filter, page)),
  );
  const presented = await presentPageForAdmin(ctx, rows);
  return {
    // Assigned, not spread: see presentAdminPaper.
    papers: presented.map((paper, i) => {
      const { paper: row, relations } = rows[i]!;
      return Object.assign(paper, {
        lastAuthorMessageAt: row.lastAuthorMessageAt?.toISOString() ?? null,
        reviews: reviewTally(relations.committeeReviews, row.reviewMean, row.reviewSpread),
      });
    }),
    pagination,
  };
}

/**
 * The ids of every paper the paper list's filter matches ("Select all N matching"), or null
 * when there are more than `max`: a bulk action that large is refused rather than cut short.
 */
export async function idsOfMatchingPapers(ctx: AppContext, filter: repo.PaperFilter, max: number) {
  const scope = await paperScope(ctx, filter);
  if (scope.matches > max) return null;
  // Papers submitted since the count was memoised may have taken the filter past the limit.
  const ids = await repo.idsOfPapers(ctx.db, filter, scope);
  return ids.length > max ? null : ids;
}

/**
 * The papers an action is for: a selection as it was made, or every paper a filter matches in
 * the list's order; refused when that is none, or more than one action may take.
 */
export async function paperIdsOfAudience(ctx: AppContext, adminId: string, audience: PaperAudience): Promise<string[]> {
  if (audience.kind === 'selection') return [...new Set(audience.paperIds)];
  const ids = await idsOfMatchingPapers(ctx, paperFilterFor(audience.filter, adminId, ctx.config), BULK_SELECTION_MAX);
  if (ids === null) throw new AppError('bad_request', BULK_MESSAGES.tooManyMatching);
  if (ids.length === 0) throw new AppError('bad_request', BULK_MESSAGES.noneMatching);
  return ids;
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
            reviews: reviewTally(r.reviewCounts, r.reviewMean, r.reviewSpread),
            heldDecision: r.heldStatus,
          },
  };
}

export async function listRecords(ctx: AppContext, query: RecordsQuery) {
  const filter = { search: query.search, filter: query.filter };
  // The cards describe the whole conference, whatever the search: each is the total of its table.
  // One read of the data's version serves both the total and the cards.
  const totals = await listTotals(ctx);
  const [total, { recordsSummary }] = await Promise.all([
    totals.at(['records', filter], () => repo.countRecords(ctx.db, filter)),
    figuresAt(ctx, totals.version),
  ]);
  // A page asks for no more rows than remain: the last page, or a search that finds few, then
  // never looks for authors without a paper that cannot be on it.
  const { rows, pagination } = await pageAfterTotal(query, total, async (page) =>
    repo.records(
      ctx.db,
      query,
      { ...page, limit: Math.min(page.limit, total - page.offset) },
      await totals.scope(total, query.search, repo.recordsSearchTable(query.sort)),
    ),
  );
  return { rows: rows.map(toRecord), summary: recordsSummary, pagination };
}
