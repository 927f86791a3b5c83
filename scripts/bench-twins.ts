// The bare twins of the benchmarked routes: Fastify routes that run exactly the SQL their route
// runs (the same repository calls, memoised alike by data version, and the same session lookup)
// with no access rule, validation, presenter or compression. scripts/bench.ts measures each route
// beside its twin; src/server/ops/bench-twins.test.ts fails when a route's SQL and its twin's
// diverge, so that the ratio keeps comparing equal work.
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context.ts';
import type { ListPlace } from '@server/db/list-places.ts';
import { paperAuthors, papers } from '@server/db/schema/index.ts';
import { VersionedMemo, VersionedMemoMap } from '@server/lib/versioned-memo.ts';
import * as dashboard from '@server/modules/admin-dashboard/dashboard.repository.ts';
import { computeDashboardFigures } from '@server/modules/admin-dashboard/dashboard.service.ts';
import { datesToShow } from '@server/modules/deadlines/deadlines.service.ts';
import * as deadlinesRepo from '@server/modules/deadlines/deadlines.repository.ts';
import { countNotifications } from '@server/modules/notifications/notifications.repository.ts';
import * as paperRepo from '@server/modules/papers/papers.repository.ts';
import { findSessionUser } from '@server/modules/sessions/sessions.service.ts';
import { seededRandom } from './seeded-random.ts';

export interface BenchCase {
  name: string;
  /** Under the API's base: /ictacem2025/api. */
  oursPath: string;
  barePath: string;
  as: 'admin' | 'author';
  /** Statistics recomputed while measured: see papersChanging in scripts/bench.ts. */
  papersChanging?: boolean;
  /** Each request's __SEARCH__ is another term of distinctSearchTerms (scripts/bench-distinct-search.cjs). */
  distinctSearches?: boolean;
}

/** The routes measured, for a database of `size` papers; `ictacemId` is one of its papers. */
export function benchCases(size: number, ictacemId: string): BenchCase[] {
  // Pages a fifth (the paper and user lists) and about a seventh (the records) of the way in.
  const deepPaperPage = Math.max(1, Math.round((size * 0.2) / 20));
  const deepRecordsPage = Math.max(1, Math.round((size * 0.15) / 10));
  const admin = (name: string, oursPath: string, barePath: string): BenchCase => ({
    name,
    oursPath: `/admin${oursPath}`,
    barePath,
    as: 'admin',
  });
  const filtered = 'status=abstract_accepted&theme=Propulsion%20and%20Combustion&page=2';
  return [
    admin('dashboard statistics', '/stats', '/stats'),
    { ...admin('dashboard statistics, a paper changing every 100 ms', '/stats', '/stats'), papersChanging: true },
    admin('filtered paper page', `/papers?${filtered}&limit=20`, `/papers?${filtered}`),
    admin(`paper page ${deepPaperPage}`, `/papers?page=${deepPaperPage}&limit=20`, `/papers?page=${deepPaperPage}`),
    admin('paper search "vortex"', '/papers?search=vortex&limit=20', '/papers?search=vortex'),
    admin('paper search "Müller"', '/papers?search=M%C3%BCller&limit=20', '/papers?search=M%C3%BCller'),
    admin('paper search by ICTACEM ID', `/papers?search=${ictacemId}&limit=20`, `/papers?search=${ictacemId}`),
    {
      ...admin(
        'paper searches, a different term each',
        '/papers?search=__SEARCH__&limit=20',
        '/papers?search=__SEARCH__',
      ),
      distinctSearches: true,
    },
    admin('financial records page 1', '/records?view=financial&page=1&limit=10', '/records'),
    admin(
      `financial records page ${deepRecordsPage}`,
      `/records?view=financial&page=${deepRecordsPage}&limit=10`,
      `/records?page=${deepRecordsPage}`,
    ),
    admin(
      'evaluation records search "tanaka"',
      '/records?view=evaluation&search=tanaka&limit=10',
      '/records?search=tanaka',
    ),
    admin('users search "tanaka"', '/users?search=tanaka&limit=20', '/users?search=tanaka'),
    admin(`users page ${deepPaperPage}`, `/users?page=${deepPaperPage}&limit=20`, `/users?page=${deepPaperPage}`),
    { name: "author's papers", oursPath: '/papers/user', barePath: '/papers/user', as: 'author' },
    {
      name: 'unread notification count',
      oursPath: '/notifications/unread-count',
      barePath: '/unread-count',
      as: 'author',
    },
  ];
}

/**
 * What a committee types into the paper list's search, drawn from the papers themselves: an
 * ICTACEM ID whole or its end, an author's full name, a surname as typed (lower case, without its
 * accents), a word or two of a title. Without repeats, and more of them than the totals the
 * server keeps (200), so that asked in turn none finds its count memoised.
 */
export async function distinctSearchTerms(db: AppContext['db'], papersSampled = 3000): Promise<string[]> {
  const sample = await db
    .select({
      ictacemId: papers.ictacemId,
      title: papers.title,
      author: sql<string | null>`(select ${paperAuthors.name} from ${paperAuthors}
        where ${paperAuthors.paperId} = ${papers.id} and ${paperAuthors.position} = 0)`,
    })
    .from(papers)
    .orderBy(papers.id)
    .limit(papersSampled);
  const { random, pick } = seededRandom(2025);
  const unaccented = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  const terms = new Set<string>();
  for (const paper of sample) {
    const titleWords = paper.title.split(/\s+/);
    const words = titleWords.filter((word) => word.length >= 5);
    const names = (paper.author ?? '').split(' ').filter(Boolean);
    const roll = random();
    if (roll < 0.3) terms.add(paper.ictacemId);
    else if (roll < 0.45) terms.add(paper.ictacemId.slice(-5).toLowerCase());
    else if (roll < 0.6 && names.length > 0) terms.add(names.join(' '));
    else if (roll < 0.75 && names.length > 0) terms.add(unaccented(names.at(-1)!).toLowerCase());
    else if (titleWords.length > 1 && random() < 0.5) {
      const at = Math.floor(random() * (titleWords.length - 1));
      terms.add(`${titleWords[at]} ${titleWords[at + 1]}`.toLowerCase());
    } else if (words.length > 0) terms.add(pick(words).toLowerCase());
  }
  return [...terms];
}

/** The paper list's query as the cases send it (the route validates it; the twin trusts it). */
type PaperListQuery = Pick<dashboard.PaperFilter, 'status' | 'theme'> & { search?: string; page?: string };

/** The twins, on a server of their own, reading the app's database as the app does. */
export function bareTwins(ctx: AppContext, ids: { adminId: string; authorId: string }): FastifyInstance {
  const { db } = ctx;
  const bare = Fastify({ logger: false });
  bare.addHook('onRequest', async (request) => {
    const token = /ictacem_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (token) await findSessionUser(ctx, token);
  });
  const stats = new VersionedMemo<unknown>(60_000);
  const totals = new VersionedMemoMap<number>(200, 60_000);
  const places = new VersionedMemoMap<ListPlace | null>(200, 60_000);
  const totalAt = (version: number | undefined, key: unknown, countRows: () => Promise<number>) =>
    totals.get(JSON.stringify(key), version, countRows);
  const scopeAt = async (version: number | undefined, matches: number, search: string, table: 'users' | 'papers') => ({
    matches,
    tableRows: search ? await totalAt(version, ['rows', table], () => dashboard.countTableRows(db, table)) : 0,
  });
  const figuresAt = (version: number | undefined) =>
    stats.get(version, () =>
      db.transaction((tx) => computeDashboardFigures(tx), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
    );
  /** As the routes do, a page past the end reads nothing. */
  const pageRows = async <Row>(
    total: number,
    page: string | undefined,
    limit: number,
    read: (page: { limit: number; offset: number }) => Promise<Row[]>,
  ) => {
    const offset = (Number(page ?? 1) - 1) * limit;
    return offset < total ? read({ limit, offset }) : [];
  };

  bare.get('/stats', async () => figuresAt(await dashboard.dashboardVersion(db)));
  bare.get<{ Querystring: PaperListQuery }>('/papers', async (request) => {
    const { search = '', status, theme } = request.query;
    const filter = { search, status, theme };
    const version = await dashboard.dashboardVersion(db);
    const total = await totalAt(version, ['papers', filter], () => dashboard.countPapers(db, filter));
    const rows = await pageRows(total, request.query.page, 20, async (page) => {
      // As the route does, a deep page walks from a kept place.
      const anchorOffset = dashboard.paperAnchorOffset(filter, page);
      const place =
        anchorOffset === undefined
          ? null
          : await places.get(JSON.stringify(['papers', filter, anchorOffset]), version, () =>
              dashboard.paperPlaceAt(db, filter, anchorOffset),
            );
      const anchor = place && anchorOffset !== undefined ? { offset: anchorOffset, place } : undefined;
      return dashboard.pageOfPapers(
        db,
        filter,
        page,
        await scopeAt(version, total, search, 'papers'),
        ids.adminId,
        anchor,
      );
    });
    return { rows, total, dates: await datesToShow(ctx) };
  });
  bare.get<{ Querystring: { search?: string; page?: string } }>('/users', async (request) => {
    const { search = '' } = request.query;
    const version = await dashboard.dashboardVersion(db);
    const total = await totalAt(version, ['users', search], () => dashboard.countUsers(db, search));
    const rows = await pageRows(total, request.query.page, 20, async (page) =>
      dashboard.pageOfUsers(db, search, page, await scopeAt(version, total, search, 'users')),
    );
    const counts = await dashboard.statusCountsOfUsers(
      db,
      rows.map((r) => r.id),
    );
    return { rows, total, counts };
  });
  bare.get<{ Querystring: { search?: string; page?: string } }>('/records', async (request) => {
    const query = { search: request.query.search ?? '', filter: 'all', sort: 'submitted' } as const;
    const version = await dashboard.dashboardVersion(db);
    const [total, summary] = await Promise.all([
      totalAt(version, ['records', query], () => dashboard.countRecords(db, query)),
      figuresAt(version),
    ]);
    // As the route does, no more rows than remain.
    const rows = await pageRows(total, request.query.page, 10, async (page) =>
      dashboard.records(
        db,
        query,
        { ...page, limit: Math.min(page.limit, total - page.offset) },
        await scopeAt(version, total, query.search, 'papers'),
      ),
    );
    return { rows, total, summary };
  });
  bare.get('/papers/user', async () => {
    const rows = await paperRepo.findPapersOfUser(db, ids.authorId);
    const paperIds = rows.map((r) => r.id);
    return {
      rows,
      authors: await paperRepo.findAuthorsOfPapers(db, paperIds),
      files: await paperRepo.findAdminFilesOfPapers(db, paperIds, true),
      everUploaded: await paperRepo.papersWithSubmissionVersion(
        db,
        rows.filter((r) => r.fullPaperFileId === null).map((r) => r.id),
        'full_paper',
      ),
      // What each paper's deadlines are read from (the conference's dates are cached for pages).
      extensions: await deadlinesRepo.findExtensionsOfPapers(db, paperIds),
      dates: await datesToShow(ctx),
    };
  });
  bare.get('/unread-count', async () => ({
    count: await countNotifications(db, { recipientId: ids.authorId, isRead: false }),
  }));
  return bare;
}
