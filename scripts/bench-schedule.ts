// The public Event Schedule with a full programme, beside a bare baseline in the same run:
//   npm run build && npm run bench:schedule                 (600 talks and posters, embedded database)
//   npm run bench:schedule -- --talks 600 --serve           (serves it for a look instead of measuring)
// Accepts that many demo papers (a fifth of them posters), adds six rooms, drafts the programme
// from the accepted papers through the real route and publishes it. Then measures, over the
// network to the listening server: the size of GET /api/programme (raw and gzip) and its time to
// first byte beside the bare route (the stored version's JSON, read and sent, nothing else), the
// page's own time to first byte, and Lighthouse's scores for /schedule on a phone and a desktop.
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { desc, inArray, sql } from 'drizzle-orm';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';
import { BUILT_CLIENT_DIR } from '@server/project-paths.ts';
import { papers, programmeVersions } from '@server/db/schema/index.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import { benchAdmin } from './bench-admin.ts';
import { staleBuildReason } from './build-state.mjs';
import { seedDemo } from './seed-demo.ts';

const { values } = parseArgs({
  options: {
    talks: { type: 'string', default: '600' },
    requests: { type: 'string', default: '200' },
    serve: { type: 'boolean', default: false },
  },
});
const talks = Number(values.talks);
const requests = Number(values.requests);
const stale = staleBuildReason();
if (stale) throw new Error(`Run npm run build first: ${stale}`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-schedule-'));
const config = {
  ...loadConfig({}),
  dataDir,
  databaseUrl: undefined,
  clientDir: BUILT_CLIENT_DIR,
  logLevel: 'warn' as const,
  port: 0,
};
const app = await buildApp(config);
const { db } = app.ctx;
const api = `${config.basePath}/api`;

// The bare twin: the stored published version, read and sent as the route's envelope.
app.get(`${api}/bench/bare-programme`, { config: { access: 'public' } }, async (_request, reply) => {
  const [latest] = await db.select().from(programmeVersions).orderBy(desc(programmeVersions.number)).limit(1);
  return reply.send({ success: true, programme: latest?.programme ?? null });
});

try {
  console.error(`Seeding ${talks} accepted papers...`);
  await seedDemo(db, dataDir, { users: talks, papers: talks });
  const ids = (await db.select({ id: papers.id }).from(papers).orderBy(papers.id)).map((row) => row.id);
  const posters = ids.filter((_, index) => index % 5 === 4);
  await db.update(papers).set({ status: 'abstract_accepted', modeOfPresentation: 'Oral' });
  await db.update(papers).set({ modeOfPresentation: 'Poster (Only for Students)' }).where(inArray(papers.id, posters));
  // The demo draws its names from a few hundred: at 600 papers nearly every author would be in
  // several, and the draft rightly keeps such papers apart (leaving some out). Real programmes
  // have mostly distinct names; each paper's authors are made its own.
  await db.execute(sql`update paper_authors set name = name || ' ' || upper(substr(paper_id::text, 1, 3))`);
  await db.execute(sql`analyze`);

  const { cookie } = await benchAdmin(app.ctx);
  let version = 0;
  const edit = async (url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `${api}/admin/programme${url}`,
      headers: { cookie },
      payload: { ...payload, version },
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const body = res.json();
    if (body.programme) version = body.programme.version;
    return body;
  };
  for (const [name, capacity] of [
    ['Main Hall', 600],
    ['Lecture Hall 1', 200],
    ['Lecture Hall 2', 200],
    ['Seminar Room A', 80],
    ['Seminar Room B', 80],
    ['Seminar Room C', 80],
    ['Seminar Room D', 60],
    ['Exhibition Hall', 400],
  ] as const)
    await edit('/rooms', { name, capacity });
  const drafted = await edit('/draft', { talkMinutes: 15 });
  console.error(drafted.summary.join('\n'));
  const published = await edit('/publish', { confirmWarnings: true });
  console.error(published.message);

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const site = `${address}${config.basePath}`;
  if (values.serve) {
    console.error(`Serving ${site}/schedule (an organiser's cookie: ${cookie}); Ctrl-C to stop.`);
    await new Promise(() => {});
  }

  /** Milliseconds to the response's headers, and its body's size, over `requests` sequential requests. */
  const timeToFirstByte = async (url: string, headers: Record<string, string> = {}) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      times.push(performance.now() - started);
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { p50: at(0.5), p99: at(0.99), bytes };
  };
  // Warm both, so neither pays for the first query plan.
  await timeToFirstByte(`${site}/api/programme`);
  await timeToFirstByte(`${site}/api/bench/bare-programme`);
  const ours = await timeToFirstByte(`${site}/api/programme`);
  const bare = await timeToFirstByte(`${site}/api/bench/bare-programme`);
  const raw = await (await fetch(`${site}/api/programme`)).text();
  // fetch() would unpack it: the bytes on the wire are read with a plain request.
  const gzipped = await new Promise<{ bytes: number; encoding: string | undefined }>((resolve, reject) => {
    get(`${site}/api/programme`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
  const page = await timeToFirstByte(`${site}/schedule`);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const kb = (value: number) => `${(value / 1024).toFixed(0)} KB`;
  const placed = (JSON.parse(raw) as { programme: PublishedProgramme }).programme.sessions.reduce(
    (sum, session) => sum + session.talks.length,
    0,
  );
  console.log(`\n${talks} papers accepted, ${placed} in the published programme; ${published.message}`);
  console.log(`| measure | ours | bare |`);
  console.log(`|---|---|---|`);
  console.log(
    `| GET /api/programme, time to first byte p50 / p99 | ${ms(ours.p50)} / ${ms(ours.p99)} | ${ms(bare.p50)} / ${ms(bare.p99)} |`,
  );
  console.log(
    `| its JSON, raw / gzip on the wire | ${kb(Buffer.byteLength(raw))} / ${kb(gzipped.bytes)} (${gzipped.encoding}) | gzip by zlib: ${kb(gzipSync(raw).length)} |`,
  );
  console.log(`| GET /schedule (the page), time to first byte p50 / p99 | ${ms(page.p50)} / ${ms(page.p99)} | |`);

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const result = await lighthouse(
        `${site}/schedule`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `| Lighthouse /schedule, ${formFactor} | perf ${score('performance')}, a11y ${score('accessibility')}, best pr. ${score('best-practices')}, SEO ${score('seo')}; ` +
          `FCP ${(value('first-contentful-paint') / 1000).toFixed(1)} s, LCP ${(value('largest-contentful-paint') / 1000).toFixed(1)} s, ` +
          `TBT ${Math.round(value('total-blocking-time'))} ms, CLS ${value('cumulative-layout-shift').toFixed(3)}; DOM ${lhr.audits['dom-size']?.displayValue ?? '?'} | benchmark index ${lhr.environment.benchmarkIndex} |`,
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
