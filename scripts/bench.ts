// Measures the routes the dashboard and the authors hit most, on a seeded 10,000-paper
// embedded database, each beside a bare Fastify route that runs the same SQL on the same
// database in the same process (the ratio is the cost of our layers):
//   npm run bench                      (seeds a temporary database first)
//   npm run bench -- --seconds 10 --connections 10
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import * as dashboard from '../src/server/modules/admin-dashboard/dashboard.repository.ts';
import { createSession } from '../src/server/modules/sessions/sessions.service.ts';
import { countNotifications } from '../src/server/modules/notifications/notifications.repository.ts';
import * as paperRepo from '../src/server/modules/papers/papers.repository.ts';
import { papers as papersTable, users } from '../src/server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { seedDemo } from './seed-demo.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    papers: { type: 'string', default: '10000' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const size = Number(values.papers);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-'));
const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'warn', port: 0 });
const { db } = app.ctx;
console.error(`Seeding ${size} authors and papers...`);
await seedDemo(db, dataDir, { users: size, papers: size });

const [admin] = await db
  .insert(users)
  .values({
    username: 'Bench Admin',
    email: 'bench-admin@demo.example',
    passwordHash: 'x',
    customUserId: 'ICTACEMPBENCH',
    role: 'admin',
    twoFactorEnabledAt: new Date(),
  })
  .returning();
const [author] = await db.select().from(users).where(eq(users.role, 'author')).limit(1);
const adminCookie = `ictacem_session=${(await createSession(app.ctx, admin!.id)).token}`;
const authorCookie = `ictacem_session=${(await createSession(app.ctx, author!.id)).token}`;

await app.listen({ port: 0, host: '127.0.0.1' });
const ours = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/ictacem2025/api`;

// The same queries, with no session lookup, access rule, validation, presenter or compression.
const bare = Fastify({ logger: false });
bare.get('/stats', async () => {
  return Promise.all([
    dashboard.paperTotals(db),
    dashboard.dashboardVersion(db),
    dashboard.countAccounts(db),
    dashboard.paperCountsBy(db, 'status'),
    dashboard.paperCountsBy(db, 'theme'),
    dashboard.paperCountsBy(db, 'modeOfPresentation'),
    dashboard.recentSubmissions(db, 8),
    dashboard.recordsSummaryCounts(db),
  ]);
});
bare.get('/papers', async () => {
  const filter = { search: '', status: 'abstract_accepted', theme: 'Propulsion and Combustion' };
  const total = await dashboard.countPapers(db, filter);
  const rows = await dashboard.pageOfPapers(db, filter, { limit: 20, offset: 20 }, total);
  const relations = await paperRepo.findAdminPaperRelations(
    db,
    rows.map((r) => r.id),
  );
  return { rows, total, relations: [...relations.values()] };
});
bare.get('/records', async () => {
  const query = { search: '', filter: 'all', sort: 'submitted' } as const;
  const total = await dashboard.countRecords(db, query);
  const rows = await dashboard.records(db, query, { limit: 10, offset: 0 }, total);
  return { rows, total };
});
bare.get('/papers/user', async () => {
  const rows = await paperRepo.findPapersOfUser(db, author!.id);
  const ids = rows.map((r) => r.id);
  return {
    rows,
    authors: await paperRepo.findAuthorsOfPapers(db, ids),
    files: await paperRepo.findAdminFilesOfPapers(db, ids, true),
  };
});
bare.get('/unread-count', async () => ({
  count: await countNotifications(db, { recipientId: author!.id, isRead: false }),
}));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

/**
 * A committee at work: one paper changes every `everyMs` while a route is measured, so the
 * statistics are recomputed after each change instead of being served from the cache.
 */
function papersChanging(everyMs: number) {
  const ids = db.select({ id: papersTable.id }).from(papersTable).limit(200);
  let stop = false;
  const done = (async () => {
    const list = await ids;
    for (let i = 0; !stop; i += 1) {
      await db
        .update(papersTable)
        .set({ review: `Bench review ${i}` })
        .where(eq(papersTable.id, list[i % list.length]!.id));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    stop = true;
    await done;
  };
}

const cases: { name: string; ours: string; bare: string; cookie: string; during?: () => () => Promise<void> }[] = [
  { name: 'dashboard statistics', ours: `${ours}/admin/stats`, bare: `${bareBase}/stats`, cookie: adminCookie },
  {
    name: 'dashboard statistics, a paper changing every 100 ms',
    ours: `${ours}/admin/stats`,
    bare: `${bareBase}/stats`,
    cookie: adminCookie,
    during: () => papersChanging(100),
  },
  {
    name: 'filtered paper page',
    ours: `${ours}/admin/papers?status=abstract_accepted&theme=Propulsion%20and%20Combustion&page=2&limit=20`,
    bare: `${bareBase}/papers`,
    cookie: adminCookie,
  },
  {
    name: 'financial records page',
    ours: `${ours}/admin/records?view=financial&page=1&limit=10`,
    bare: `${bareBase}/records`,
    cookie: adminCookie,
  },
  { name: "author's papers", ours: `${ours}/papers/user`, bare: `${bareBase}/papers/user`, cookie: authorCookie },
  {
    name: 'unread notification count',
    ours: `${ours}/notifications/unread-count`,
    bare: `${bareBase}/unread-count`,
    cookie: authorCookie,
  },
];

async function measure(url: string, cookie?: string) {
  // A worker thread makes the load, so the server's event loop serves requests only.
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    workers: 1,
    headers: cookie ? { cookie } : {},
  });
  if (result.errors || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const lines = [
  `${size.toLocaleString('en')} papers, embedded database, ${connections} connections, ${seconds} s per route, Node ${process.version}, ${os.cpus().length} cores`,
  '',
  '| route | ours req/s | ours p50 ms | ours p99 ms | bare req/s | bare p50 ms | bare p99 ms | ours / bare |',
  '|---|---|---|---|---|---|---|---|',
];
try {
  for (const c of cases) {
    console.error(`Measuring ${c.name}...`);
    const stopOurs = c.during?.();
    const o = await measure(c.ours, c.cookie);
    await stopOurs?.();
    const stopBare = c.during?.();
    const b = await measure(c.bare);
    await stopBare?.();
    lines.push(
      `| ${c.name} | ${o.rps.toFixed(0)} | ${o.p50} | ${o.p99} | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${((o.rps / b.rps) * 100).toFixed(0)}% |`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  await bare.close();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
