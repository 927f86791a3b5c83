// Measures the routes the dashboard and the authors hit most, each beside a bare Fastify route
// that runs the same SQL on the same database in the same process (scripts/bench-twins.ts) (the ratio is the cost of our
// layers: session lookup, access rule, validation, presenter, serialisation, compression):
//   npm run bench                                   (10,000 papers, embedded database, seeded first)
//   npm run bench -- --seconds 10 --connections 10
//   npm run bench -- --db postgres --papers 100000  (PostgreSQL from DATABASE_URL)
//   npm run bench -- --only search                  (the routes whose name contains "search")
//   npm run bench -- --rounds 5 --seconds 2         (ours and bare in turn 5 times, medians shown;
//                                                    ours / bare: the median of the rounds' ratios)
// With --db postgres the database is seeded when it is empty and reused when it already holds
// at least --papers papers (seeding 100,000 takes about two minutes).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';
import * as dashboard from '@server/modules/admin-dashboard/dashboard.repository.ts';
import { createSession } from '@server/modules/sessions/sessions.service.ts';
import { papers as papersTable, users } from '@server/db/schema/index.ts';
import { count, eq } from 'drizzle-orm';
import { benchCases, bareTwins, distinctSearchTerms } from './bench-twins.ts';
import { benchAdmin } from './bench-admin.ts';
import { seedDemo } from './seed-demo.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    papers: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'embedded' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
// On a machine whose speed drifts (a shared host), one long run of ours then one of bare compares
// two different machines; rounds taken in turn, and their medians, compare the same one.
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds is a whole number, 1 or more');
const connections = Number(values.connections);
const size = Number(values.papers);
if (values.db !== 'embedded' && values.db !== 'postgres') throw new Error('--db is embedded or postgres');
const databaseUrl = values.db === 'postgres' ? process.env.DATABASE_URL : undefined;
if (values.db === 'postgres' && !databaseUrl) throw new Error('--db postgres reads the database from DATABASE_URL');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-'));
const app = await buildApp({ ...loadConfig({}), dataDir, databaseUrl, logLevel: 'warn', port: 0 });
const { db } = app.ctx;
const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(papersTable);
if (existing === 0) {
  console.error(`Seeding ${size} authors and papers...`);
  await seedDemo(db, dataDir, { users: size, papers: size });
} else if (existing < size) {
  throw new Error(`The database holds ${existing} papers: give --papers ${existing} or an empty database.`);
} else console.error(`Using the ${existing} papers already in the database.`);

const admin = await benchAdmin(app.ctx);
const [author] = await db.select().from(users).where(eq(users.role, 'author')).limit(1);
const [somePaper] = await db.select({ ictacemId: papersTable.ictacemId }).from(papersTable).limit(1);
const adminCookie = admin.cookie;
const authorCookie = `ictacem_session=${(await createSession(app.ctx, author!.id)).token}`;

await app.listen({ port: 0, host: '127.0.0.1' });
const ours = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/ictacem2025/api`;

const bare = bareTwins(app.ctx, { adminId: admin.id, authorId: author!.id });
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

const cases = benchCases(size, somePaper!.ictacemId).map((c) => ({
  name: c.name,
  ours: `${ours}${c.oursPath}`,
  bare: `${bareBase}${c.barePath}`,
  cookie: c.as === 'admin' ? adminCookie : authorCookie,
  during: c.papersChanging ? () => papersChanging(100) : undefined,
  distinctSearches: c.distinctSearches,
}));

// The distinct searches' terms, read by autocannon's worker (scripts/bench-distinct-search.cjs).
const searchTerms = await distinctSearchTerms(db);
process.env.BENCH_SEARCH_TERMS = path.join(dataDir, 'search-terms.json');
await writeFile(process.env.BENCH_SEARCH_TERMS, JSON.stringify(searchTerms));
const DISTINCT_SEARCH = fileURLToPath(new URL('./bench-distinct-search.cjs', import.meta.url));

type Measured = { rps: number; p50: number; p99: number };
const WARM_UP_SECONDS = 1;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medianOf = (measured: Measured[]): Measured => ({
  rps: median(measured.map((m) => m.rps)),
  p50: median(measured.map((m) => m.p50)),
  p99: median(measured.map((m) => m.p99)),
});

async function measure(url: string, cookie?: string, distinctSearches = false, duration = seconds): Promise<Measured> {
  // A worker thread makes the load, so the server's event loop serves requests only.
  const result = await autocannon({
    url,
    connections,
    duration,
    workers: 1,
    headers: cookie ? { cookie } : {},
    ...(distinctSearches ? { requests: [{ setupRequest: DISTINCT_SEARCH }] } : {}),
  });
  if (result.errors || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Downloads a URL in another process (so that its buffers are not counted here); resolves to its size. */
function downloadElsewhere(url: string, cookie: string): Promise<number> {
  const script = `const r = await fetch(${JSON.stringify(url)}, { headers: { cookie: ${JSON.stringify(cookie)} } });
    if (!r.ok) process.exit(1);
    let n = 0; const reader = r.body.getReader();
    for (let p = await reader.read(); !p.done; p = await reader.read()) n += p.value.byteLength;
    process.stdout.write(String(n));`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout)),
    ),
  );
}

/**
 * The records CSV, downloaded once by another process: its size and time, and how far this
 * process's memory rises while it is written and sent (sampled every 10 ms). Exports of
 * different sizes show whether that rise grows with the rows.
 */
async function measureExport(search: string): Promise<string> {
  console.error(`Measuring the records CSV export${search ? ` of the search "${search}"` : ''}...`);
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  const bytes = await downloadElsewhere(`${ours}/admin/records/export?view=evaluation&search=${search}`, adminCookie);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = await dashboard.countRecords(db, { search, filter: 'all' });
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return (
    `| ${rows.toLocaleString('en')} | ${mb(bytes)} MB | ${seconds.toFixed(1)} s | ${mb(before)} MB | ` +
    `${mb(peak)} MB | +${mb(peak - before)} MB |`
  );
}

const lines = [
  `${searchTerms.length.toLocaleString('en')} distinct search terms; ` +
    `${Math.max(size, existing).toLocaleString('en')} papers, ${databaseUrl ? 'PostgreSQL' : 'embedded database'}, ${connections} connections, ${rounds > 1 ? `${rounds} rounds of ${seconds} s (medians)` : `${seconds} s`} per route, Node ${process.version}, ${os.cpus().length} cores`,
  '',
  '| route | ours req/s | ours p50 ms | ours p99 ms | bare req/s | bare p50 ms | bare p99 ms | ours / bare |',
  '|---|---|---|---|---|---|---|---|',
];
try {
  for (const c of cases.filter((c) => !values.only || c.name.includes(values.only!))) {
    console.error(`Measuring ${c.name}...`);
    const ourRounds: Measured[] = [];
    const bareRounds: Measured[] = [];
    // A second of each, not counted: the first route measured would otherwise also pay for the
    // compiler warming up to its code, and its twin for less of it. Distinct searches warm up on
    // a term of their own, so that none of theirs is memoised before it is measured.
    const warmUp = (url: string) => measure(url.replace('__SEARCH__', 'warming'), c.cookie, false, WARM_UP_SECONDS);
    await warmUp(c.ours);
    await warmUp(c.bare);
    const measureOne = async (url: string, into: Measured[]) => {
      const stop = c.during?.();
      into.push(await measure(url, c.cookie, c.distinctSearches));
      await stop?.();
    };
    for (let round = 0; round < rounds; round++) {
      // Ours first in even rounds, the twin first in odd ones: a machine speeding up or slowing
      // down across a round then favours neither.
      const pair: [string, Measured[]][] = [
        [c.ours, ourRounds],
        [c.bare, bareRounds],
      ];
      for (const [url, into] of round % 2 === 0 ? pair : pair.reverse()) await measureOne(url, into);
    }
    const o = medianOf(ourRounds);
    const b = medianOf(bareRounds);
    // Each round's ratio compares two runs a few seconds apart; their median is steadier than
    // the ratio of the medians, which may pair a fast round of one with a slow round of the other.
    const ratio = median(ourRounds.map((ours, i) => ours.rps / bareRounds[i]!.rps));
    lines.push(
      `| ${c.name} | ${o.rps.toFixed(0)} | ${o.p50} | ${o.p99} | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${(ratio * 100).toFixed(0)}% |`,
    );
  }
  if (!values.only || 'export'.includes(values.only)) {
    lines.push(
      '',
      'Records CSV export (evaluation view), downloaded by another process; RSS of the server process:',
      '',
      '| rows | size | time | RSS before | RSS at most | rise |',
      '|---|---|---|---|---|---|',
    );
    for (const search of ['tanaka', '', '']) lines.push(await measureExport(search));
  }
  console.log(lines.join('\n'));
} finally {
  await bare.close();
  await admin.remove();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
