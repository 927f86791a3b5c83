import { randomUUID } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperAuthors, papers, users } from '@server/db/schema/index.ts';
import { chooseSearchStrategy } from '@server/db/search-pattern.ts';
import { createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { recordingQueries } from '@server/test/recording-queries.ts';
import * as repo from './dashboard.repository.ts';
import { recordsCsv } from './records-export.service.ts';

/**
 * The admin lists' search and paging against plain queries, on whichever database the suite
 * runs (embedded, or PostgreSQL with DATABASE_URL): 60 authors with a paper and 6 without.
 * Papers come in pairs that share a submission time, so that only the id decides their
 * order; 40 titles say "Vortex" (a search most rows match, met row by row once the tables are
 * analysed), and a few names carry accents (searches few rows match, met through the indexes).
 */
describe('admin list search and deep pages', () => {
  let t: TestApp;
  let admin: TestUser;
  const NAMED = ['Jürgen Müller', 'ANA IYER', 'Ken Tanaka', 'José Álvarez'];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    const { db } = t.app.ctx;
    const base = Date.UTC(2025, 5, 1);
    for (let i = 0; i < 66; i += 1) {
      const [user] = await db
        .insert(users)
        .values({
          username: NAMED[i] ?? `Author ${String(i).padStart(2, '0')}`,
          email: i === 0 ? 'j.mueller@uni.example' : `author${i}@uni.example`,
          passwordHash: 'x',
          customUserId: `ICTACEMP2025T${String(i).padStart(4, '0')}`,
          createdAt: new Date(base + Math.floor(i / 2) * 60_000),
        })
        .returning();
      if (i >= 60) continue;
      const [paper] = await db
        .insert(papers)
        .values({
          userId: user!.id,
          ictacemId: `ICTACEMP2025P${String(i).padStart(4, '0')}`,
          title: i < 40 ? `Vortex shedding study ${i}` : i === 40 ? 'Über Strömung in Rohren' : `Plate bending ${i}`,
          theme: i % 2 ? 'Fluid Mechanics' : 'Solid Mechanics',
          status: i % 3 ? 'review_awaited' : 'abstract_accepted',
          paymentId: i % 4 ? '' : `PAY-${i}`,
          evaluationMarks: i % 5 ? (i * 7) % 100 : null,
          submittedAt: new Date(base + Math.floor(i / 2) * 3_600_000),
        })
        .returning();
      await db
        .insert(paperAuthors)
        .values([
          { paperId: paper!.id, position: 0, name: user!.username, affiliation: 'Uni', address: 'Street 1' },
          ...(i === 50
            ? [{ paperId: paper!.id, position: 1, name: 'Hanna MÜLLER-Lüdenscheidt', affiliation: 'Uni', address: 'x' }]
            : []),
        ]);
    }
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/admin${path}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, path).toBe(200);
    return res.json();
  };
  const paperTitles = async (search: string) =>
    (await get(`/papers?search=${encodeURIComponent(search)}&limit=50`)).papers.map((p: { title: string }) => p.title);
  const userNames = async (search: string) =>
    (await get(`/users?search=${encodeURIComponent(search)}&limit=50`)).users.map(
      (u: { username: string }) => u.username,
    );
  const recordNames = async (search: string) =>
    (await get(`/records?view=financial&search=${encodeURIComponent(search)}&limit=50`)).rows.map(
      (r: { user: { username: string } }) => r.user.username,
    );

  const searchesAgree = async () => {
    // Case and accents on either side: the stored name and the typed text are folded alike.
    for (const search of ['müller', 'MÜLLER', 'Muller', 'muller']) {
      expect(await userNames(search), search).toEqual(['Jürgen Müller']);
      expect(await recordNames(search), search).toEqual(['Jürgen Müller']);
      // The paper of Jürgen Müller, and the one with Hanna Müller-Lüdenscheidt as second author.
      expect((await paperTitles(search)).sort(), search).toEqual(['Plate bending 50', 'Vortex shedding study 0']);
    }
    expect(await userNames('iyer')).toEqual(['ANA IYER']);
    expect(await userNames('TANAKA')).toEqual(['Ken Tanaka']);
    expect(await userNames('alvarez')).toEqual(['José Álvarez']);
    for (const search of ['strömung', 'STROMUNG', 'über'])
      expect(await paperTitles(search), search).toEqual(['Über Strömung in Rohren']);
    expect(await paperTitles('P0007')).toEqual(['Vortex shedding study 7']);
    expect(await userNames('j.mueller@')).toEqual(['Jürgen Müller']);
    // Wildcards are text: '%', '_' and '\\' match only themselves, also as the fullwidth
    // characters that folding turns into them.
    for (const search of ['%', '_', '\\', '％', '＿', '＼', 'P00％7', 'Vortex_shedding'])
      expect(await paperTitles(search), search).toEqual([]);
    expect(await userNames('_')).toEqual([]);
    expect(await userNames('AUTHOR1@')).toEqual(['ANA IYER']);
    // A search most rows match: every match (the order is checked page by page below).
    const vortex = await get('/papers?search=vortex&limit=50&page=1');
    expect(vortex.pagination.total).toBe(40);
    expect(vortex.papers.map((p: { title: string }) => p.title).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `Vortex shedding study ${i}`).sort(),
    );
  };

  it('reads a page without the columns only the search matches on', async () => {
    const queries = recordingQueries(t.app);
    try {
      const texts = await queries.during(() =>
        t.app.inject({ url: `${API}/admin/papers?limit=20&page=2`, headers: { cookie: admin.cookie } }),
      );
      const [page] = texts.filter((text) => /"review_mean"/.test(text) && /limit 20 offset 20/.test(text));
      expect(page).toBeDefined();
      expect(page).not.toMatch(/_search"/);
    } finally {
      queries.restore();
    }
  });

  it("picks a search's way from counts, so a bulk load without ANALYZE cannot send it the slow way", async () => {
    const queries = recordingQueries(t.app);
    try {
      // 40 of 60 papers match "vortex": row by row in the list's order is cheaper than the indexes.
      const pageQueryOf = async (search: string) => {
        const texts = await queries.during(() =>
          t.app.inject({ url: `${API}/admin/papers?search=${search}&limit=20`, headers: { cookie: admin.cookie } }),
        );
        expect(texts.filter((text) => /pg_class|reltuples/.test(text))).toEqual([]);
        const [page] = texts.filter((text) => /limit/i.test(text) && /"title_search"/.test(text));
        return page!;
      };
      const unanalysed = { common: await pageQueryOf('vortex'), rare: await pageQueryOf('M%C3%BCller') };
      expect(unanalysed.common).not.toMatch(/union all/i);
      expect(unanalysed.rare).toMatch(/union all/i);
      await t.app.ctx.db.execute(sql`analyze papers`);
      expect(await pageQueryOf('vortex')).toBe(unanalysed.common);
      expect(await pageQueryOf('M%C3%BCller')).toBe(unanalysed.rare);
    } finally {
      queries.restore();
    }
  });

  it('finds accented and mixed-case names and titles, before and after the tables are analysed', async () => {
    const { db } = t.app.ctx;
    // Not analysed yet (unless autovacuum got there first): searches go through the indexes.
    await searchesAgree();
    await db.execute(sql`analyze users, papers, paper_authors`);
    // A search most papers match is met row by row, a rare one still through the indexes.
    expect(chooseSearchStrategy({ matches: 40, tableRows: 45 }, 20)).toBe('byRow');
    expect(chooseSearchStrategy({ matches: 2, tableRows: 45 }, 20)).toBe('byIndex');
    await searchesAgree();
  });

  it('walks a deep page from a kept place and returns the rows of the plain offset query', async () => {
    const { db } = t.app.ctx;
    // Microseconds a JavaScript Date would drop, on a pair sharing a time: a place must keep them.
    await db.execute(
      sql`update papers set submitted_at = submitted_at + interval '0.000321 seconds' where ictacem_id in ('ICTACEMP2025P0010', 'ICTACEMP2025P0011', 'ICTACEMP2025P0020')`,
    );
    const limit = 5;
    const every = 7;
    for (const filter of [{ search: '' }, { search: '', status: 'review_awaited' as const }]) {
      const all = await db
        .select({ id: papers.id })
        .from(papers)
        .where(sql`(${filter.status ?? null}::text is null or ${papers.status}::text = ${filter.status ?? null})`)
        .orderBy(desc(papers.submittedAt), desc(papers.id));
      const scope = { matches: all.length, tableRows: 0 };
      let anchored = 0;
      for (let offset = 0; offset < all.length; offset += 1) {
        const page = { limit, offset };
        const anchorOffset = repo.paperAnchorOffset(filter, page, every);
        const place = anchorOffset === undefined ? null : await repo.paperPlaceAt(db, filter, anchorOffset);
        const anchor = place && anchorOffset !== undefined ? { offset: anchorOffset, place } : undefined;
        if (anchor) anchored += 1;
        const rows = await repo.pageOfPapers(db, filter, page, scope, randomUUID(), anchor);
        expect(
          rows.map((r) => r.paper.id),
          `${JSON.stringify(filter)} at ${offset} from ${anchorOffset}`,
        ).toEqual(all.slice(offset, offset + limit).map((p) => p.id));
      }
      expect(anchored).toBeGreaterThan(all.length - every - 1);
      expect(await repo.paperPlaceAt(db, filter, all.length)).toBeNull();
    }
    // Only the submitted order without a search or unread filter keeps places, and not for the first rows.
    const deep = { limit, offset: 40 };
    expect(repo.paperAnchorOffset({ search: '' }, deep, every)).toBe(35);
    expect(repo.paperAnchorOffset({ search: '' }, { limit, offset: 6 }, every)).toBeUndefined();
    expect(repo.paperAnchorOffset({ search: 'vortex' }, deep, every)).toBeUndefined();
    expect(repo.paperAnchorOffset({ search: '', unreadBy: admin.user._id }, deep, every)).toBeUndefined();
    expect(repo.paperAnchorOffset({ search: '', sort: 'mean' }, deep, every)).toBeUndefined();
  });

  it('returns on every page the rows the plain offset query returns', async () => {
    const { db } = t.app.ctx;
    await db.execute(sql`analyze users, papers, paper_authors`);
    const limit = 7;
    // A table of no rows has the search go through the indexes; of one row, row by row.
    const bothStrategies = (matches: number) => [
      { matches, tableRows: 0 },
      { matches, tableRows: 1 },
    ];
    const pages = (total: number) => Array.from({ length: Math.ceil(total / limit) + 1 }, (_, i) => i * limit);

    for (const filter of [{ search: '' }, { search: '', status: 'abstract_accepted' as const }, { search: 'vortex' }]) {
      const total = await repo.countPapers(db, filter);
      const all = await db
        .select({ id: papers.id })
        .from(papers)
        .where(
          sql`(${filter.status ?? null}::text is null or ${papers.status}::text = ${filter.status ?? null})
            and (${filter.search} = '' or ${papers.title} ilike ${`%${filter.search}%`})`,
        )
        .orderBy(desc(papers.submittedAt), desc(papers.id));
      expect(total, JSON.stringify(filter)).toBe(all.length);
      for (const offset of pages(total)) {
        for (const scope of bothStrategies(total)) {
          const page = await repo.pageOfPapers(db, filter, { limit, offset }, scope, randomUUID());
          expect(
            page.map((p) => p.paper.id),
            `${JSON.stringify(filter)} at ${offset}, ${JSON.stringify(scope)}`,
          ).toEqual(all.slice(offset, offset + limit).map((p) => p.id));
        }
      }
    }

    const allUsers = await db.select({ id: users.id }).from(users).orderBy(desc(users.createdAt), desc(users.id));
    for (const offset of pages(allUsers.length)) {
      const page = await repo.pageOfUsers(db, '', { limit, offset }, { matches: allUsers.length, tableRows: 0 });
      expect(page.map((u) => u.id)).toEqual(allUsers.slice(offset, offset + limit).map((u) => u.id));
    }

    // The records table as one query with the whole order, papers first where the sort asks it.
    const fullOrder = {
      submitted: [
        sql`${papers.submittedAt} desc nulls last`,
        sql`${papers.id} desc nulls last`,
        asc(users.username),
        asc(users.id),
      ],
      score: [
        sql`${papers.evaluationMarks} desc nulls last`,
        sql`${papers.submittedAt} desc nulls last`,
        sql`${papers.id} desc nulls last`,
        asc(users.id),
      ],
      name: [asc(users.username), asc(users.id)],
    } as const;
    for (const sort of ['submitted', 'score', 'name'] as const) {
      for (const search of ['', 'vortex', 'author']) {
        const query = { search, filter: 'all' as const, sort };
        const total = await repo.countRecords(db, query);
        const all = await db
          .select({ userId: users.id })
          .from(users)
          .leftJoin(papers, eq(papers.userId, users.id))
          .where(
            search
              ? sql`${users.username} ilike ${`%${search}%`} or ${users.email} ilike ${`%${search}%`} or ${papers.title} ilike ${`%${search}%`}`
              : undefined,
          )
          .orderBy(...fullOrder[sort]);
        expect(total, `${sort} ${search}`).toBe(all.length);
        for (const offset of pages(total)) {
          for (const scope of bothStrategies(total)) {
            const rows = await repo.records(
              db,
              query,
              { limit: Math.max(0, Math.min(limit, total - offset)), offset },
              scope,
            );
            expect(
              rows.map((r) => r.userId),
              `${sort} "${search}" at ${offset}, ${JSON.stringify(scope)}`,
            ).toEqual(all.slice(offset, offset + limit).map((r) => r.userId));
          }
        }
      }
    }
  });

  it('counts a search again as soon as a name it matches changes', async () => {
    const total = async () => (await get('/users?search=tanaka')).pagination.total;
    expect(await total()).toBe(1);
    await t.app.ctx.db.update(users).set({ username: 'Ken Tanaka-Sato' }).where(eq(users.username, 'Author 10'));
    expect(await total()).toBe(2);
    await t.app.ctx.db.update(users).set({ username: 'Author 10' }).where(eq(users.username, 'Ken Tanaka-Sato'));
    expect(await total()).toBe(1);
    await t.app.ctx.db.update(users).set({ email: 'tanaka@uni.example' }).where(eq(users.username, 'Author 11'));
    expect(await total()).toBe(2);
  });

  it("keeps a paper's authors searchable through every change to them", async () => {
    const { db } = t.app.ctx;
    const [coAuthor] = await db.select().from(paperAuthors).where(eq(paperAuthors.name, 'Hanna MÜLLER-Lüdenscheidt'));
    expect(await paperTitles('ludenscheidt')).toEqual(['Plate bending 50']);
    await db.update(paperAuthors).set({ name: 'Hanna Berg' }).where(eq(paperAuthors.id, coAuthor!.id));
    expect(await paperTitles('ludenscheidt')).toEqual([]);
    expect(await paperTitles('hanna berg')).toEqual(['Plate bending 50']);
    await db.delete(paperAuthors).where(eq(paperAuthors.id, coAuthor!.id));
    expect(await paperTitles('hanna')).toEqual([]);
    const { paperId, position, name, affiliation, address } = coAuthor!;
    await db.insert(paperAuthors).values({ paperId, position, name, affiliation, address });
    expect(await paperTitles('ludenscheidt')).toEqual(['Plate bending 50']);
  });

  it('exports across batches the same rows in the same order as in one batch', async () => {
    const text = async (batchRows?: number) => {
      const csv = await recordsCsv(
        t.app.ctx,
        { view: 'financial', search: '', filter: 'all', sort: 'score' },
        batchRows ? { batchRows } : {},
      );
      const chunks: Buffer[] = [];
      for await (const chunk of csv.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    const whole = await text();
    // 67 accounts (66 and the admin looking) and the header line.
    expect(whole.trim().split('\r\n')).toHaveLength(68);
    expect(await text(7)).toBe(whole);
  });

  it("exports, for every order, filter and search, the rows of the table's pages in their order", async () => {
    const get = async (url: string) =>
      t.app.inject({ method: 'GET', url: `${API}/admin/records${url}`, headers: { cookie: admin.cookie } });
    for (const sort of ['submitted', 'score', 'name'] as const) {
      for (const filter of ['all', 'paid', 'pending'] as const) {
        for (const search of ['', 'vortex', 'muller', 'nobody-at-all']) {
          const query = `view=financial&sort=${sort}&filter=${filter}&search=${search}`;
          const shown: string[] = [];
          for (let page = 1; ; page += 1) {
            const res = (await get(`?${query}&limit=25&page=${page}`)).json();
            shown.push(
              ...res.rows.map(
                (r: { user: { customUserId: string }; paper: { title: string } | null }) =>
                  `${r.user.customUserId} ${r.paper?.title ?? '-'}`,
              ),
            );
            if (page >= res.pagination.totalPages) break;
          }
          const csv = await get(`/export?${query}`);
          expect(csv.statusCode).toBe(200);
          const exported = csv.body
            .slice(1)
            .trim()
            .split('\r\n')
            .slice(1)
            .filter(Boolean)
            .map((line) => {
              const [, , userId, paper] = [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)|(?<=,|^)(?=,|$)/g)].map(
                (m) => m[1] ?? m[2] ?? '',
              );
              return `${userId} ${paper === 'No Submission' ? '-' : paper}`;
            });
          expect(exported, query).toEqual(shown);
        }
      }
    }
  });

  it('exports every row of a search in the table order, as UTF-8 with a byte order mark', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/records/export?view=evaluation&search=muller`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Jürgen Müller","j.mueller@uni.example"');
  });
});
