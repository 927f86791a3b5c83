// Time to first byte of the server-rendered public pages beside the static shell:
//   npm run build && npm run bench:pages
//   npm run bench:pages -- --seconds 20 --connections 50
// Starts the compiled server as `npm start` does (embedded database, in a temporary DATA_DIR),
// then, for each page in turn, keeps `--connections` visitors (keep-alive connections, one request
// at a time each) asking for it for `--seconds`, after a warm-up, and reports the time from
// sending a request to its answer's first byte (p50, p99), the pages per second, and the server's
// resident memory (RSS, from /proc) before the first page and at its peak while each page is
// asked for. The shell is /submit (for a visitor): a page the server does not render, sent as the built
// index.html with the same <meta> of dates and session (the one query each) as every page.
// The first rendered page's own time is reported too: it loads the renderer (dist/ssr). The
// server keeps the pages it rendered last (plugins/client-pages.ts): a row whose address changes
// at every request measures the rendering itself.
// Reads /proc, so it runs on Linux. Requests go to 127.0.0.1 only, and stop by themselves.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { freePort } from '@server/test/net.ts';
import { OPEN_DEADLINES_ENV } from '@server/test/open-deadlines.ts';
import { PROJECT_ROOT, staleBuildReason } from './build-state.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '500' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const warmUp = Number(values['warm-up']);

/** Server-rendered pages, and the shell the server sends for a page it does not render. */
const PAGES = [
  { path: 'about', kind: 'server-rendered' },
  // A new query string each time: never one of the pages kept, so React renders every answer.
  { path: 'about?visit=', kind: 'server-rendered, rendered every time' },
  { path: 'important-dates', kind: 'server-rendered' },
  { path: 'schedule', kind: 'server-rendered (empty programme)' },
  { path: 'submit', kind: 'static shell' },
] as const;

const stale = staleBuildReason();
if (stale) throw new Error(`Run npm run build first: ${stale}`);

const basePath = process.env.BASE_PATH || DEFAULT_CONFERENCE.basePath;
const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-pages-'));
const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'start.mjs')], {
  cwd: PROJECT_ROOT,
  env: {
    ...process.env,
    ...OPEN_DEADLINES_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    LOG_REQUESTS: 'false',
    // Every visitor of the run comes from 127.0.0.1.
    IP_RATE_LIMIT_FACTOR: '10000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** The server's resident memory now, in MB. */
function rssMb(): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

let visits = 0;
/** One GET: milliseconds to the answer's first byte, once the whole answer has arrived. */
function timeToFirstByte(url: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url.endsWith('=') ? `${url}${(visits += 1)}` : url,
      { agent, headers: { 'accept-encoding': 'gzip, br' } },
      (response) => {
        const ms = performance.now() - started;
        response.resume();
        response.on('end', () => resolve({ ms, status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** `connections` visitors asking for `url` until `ms` have passed (or `limit` requests): TTFB of each. */
async function load(url: string, ms: number, limit: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + ms;
  let sent = 0;
  const visitor = async () => {
    while (performance.now() < until && sent < limit) {
      sent += 1;
      const { ms: took, status } = await timeToFirstByte(url);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      times.push(took);
    }
  };
  await Promise.all(Array.from({ length: connections }, visitor));
  return times;
}

try {
  const home = `http://127.0.0.1:${port}${basePath}/`;
  const startedAt = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server stopped before answering.');
    const ready = await timeToFirstByte(`${home}api/health`).catch(() => undefined);
    if (ready?.status === 200) break;
    await sleep(100);
  }
  const idleRss = rssMb();
  console.log(
    `Server answered after ${((performance.now() - startedAt) / 1000).toFixed(1)} s; RSS ${idleRss.toFixed(0)} MB.`,
  );
  const first = await timeToFirstByte(`${home}about`);
  console.log(
    `First server-rendered page (loads the renderer): ${first.ms.toFixed(1)} ms; RSS ${rssMb().toFixed(0)} MB.`,
  );

  const rows: string[] = [];
  for (const page of PAGES) {
    const url = `${home}${page.path}`;
    await load(url, 60_000, warmUp);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
    const started = performance.now();
    const times = (await load(url, seconds * 1000, Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rows.push(
      `| /${page.path} | ${page.kind} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.99).toFixed(1)} | ${(times.length / elapsed).toFixed(0)} | ${peak.toFixed(0)} |`,
    );
  }
  console.log(`\n${connections} visitors at once, ${seconds} s per page after ${warmUp} requests of warm-up:\n`);
  console.log('| page | served as | TTFB p50 (ms) | TTFB p99 (ms) | pages/s | peak RSS (MB) |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log(`\nRSS before the first page: ${idleRss.toFixed(0)} MB.`);
} finally {
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
