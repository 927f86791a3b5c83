import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareTwins, benchCases, distinctSearchTerms } from '@scripts/bench-twins.ts';
import { seedDemo } from '@scripts/seed-demo.ts';
import { papers, users } from '../db/schema/index.ts';
import { createSession } from '../modules/sessions/sessions.service.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { recordingQueries } from '../test/recording-queries.ts';
import { tableUpkeep } from '../test/table-upkeep.ts';

/**
 * `npm run bench` reports each route beside a bare twin "running the same SQL": the ratio means
 * nothing once a route gains a query its twin lacks (the paper list did, with its unread counts
 * and deadlines, and the benchmark did not notice).
 */
describe('the benchmark twins', () => {
  let t: TestApp;
  let admin: TestUser;
  let authorCookie: string;
  let bare: FastifyInstance;
  let queries: ReturnType<typeof recordingQueries>;

  beforeAll(async () => {
    t = await createTestApp({ adminMfaRequired: false });
    await seedDemo(t.app.ctx.db, t.config.dataDir, { users: 40, papers: 40 });
    admin = await createTestUser(t.app, { role: 'admin' });
    // An author with a seeded paper, as the benchmark signs one in.
    const [author] = await t.app.ctx.db.select().from(users).where(eq(users.role, 'author')).limit(1);
    authorCookie = `ictacem_session=${(await createSession(t.app.ctx, author!.id)).token}`;
    bare = bareTwins(t.app.ctx, { adminId: admin.user._id, authorId: author!.id });
    await bare.ready();
    queries = recordingQueries(t.app);
  });
  afterAll(async () => {
    queries?.restore();
    await bare?.close();
    await t?.close();
  });

  it('stand on a seed that left the tables vacuumed and analysed', async () => {
    const [{ n }] = (await t.app.ctx.db.select({ n: count() }).from(papers)) as [{ n: number }];
    const upkeep = await tableUpkeep(t.app.ctx.db, 'papers');
    expect(upkeep.estimatedRows).toBe(n);
    expect(upkeep.pages).toBeGreaterThan(0);
    expect(upkeep.allVisiblePages).toBe(upkeep.pages);
  });

  it('run, for every case, the SQL of the route they stand for', async () => {
    const [somePaper] = await t.app.ctx.db.select({ ictacemId: papers.ictacemId }).from(papers).limit(1);
    const cases = benchCases(40, somePaper!.ictacemId);
    expect(cases.length).toBeGreaterThan(10);
    // A distinct-searches case asks one term per request; here, the list's first.
    const [term] = await distinctSearchTerms(t.app.ctx.db);
    const withTerm = (path: string) => path.replace('__SEARCH__', encodeURIComponent(term!));
    for (const c of cases) {
      const cookie = c.as === 'admin' ? admin.cookie : authorCookie;
      const ours = await queries.during(() =>
        t.app.inject({ url: `${API}${withTerm(c.oursPath)}`, headers: { cookie } }),
      );
      const twin = await queries.during(() => bare.inject({ url: withTerm(c.barePath), headers: { cookie } }));
      expect({ case: c.name, sql: twin }).toEqual({ case: c.name, sql: ours });
      expect(ours.length, c.name).toBeGreaterThan(0);
    }
  });

  it('give the distinct searches terms that differ and each find a paper', async () => {
    const terms = await distinctSearchTerms(t.app.ctx.db);
    expect(terms.length).toBeGreaterThan(20);
    expect(new Set(terms.map((term) => term.toLowerCase())).size).toBe(terms.length);
    for (const term of terms) {
      const answer = await t.app.inject({
        url: `${API}/admin/papers?search=${encodeURIComponent(term)}&limit=20`,
        headers: { cookie: admin.cookie },
      });
      expect(answer.json().pagination.total, term).toBeGreaterThan(0);
    }
  });
});
