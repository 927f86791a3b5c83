// Memory footprint of the compiled server, started the way `npm start` starts it:
//   npm run footprint                        (every scenario once)
//   npm run footprint -- --idle-seconds 30 --only embedded-first,embedded-restart
//   npm run footprint -- --runs 3 --node-options=--max-semi-space-size=8
//   npm run footprint -- --only loaded --database-url postgres://…/ictacem_100k   (a filled database)
//   npm run footprint -- --only embedded-restart,conference-restart --runs 3   (the configuration's cost)
// Builds first when dist/ is stale, then starts `node scripts/start.mjs` as a child process in
// each scenario, reads the resident memory (RSS) of it and of any process it starts from /proc
// every 50 ms, from the spawn until it has answered the health route, served a few typical
// pages and idled (RSS 5 s after the last request, and idle: once V8's memory reducer has run,
// about 15 s after the last allocations); and prints them beside a bare Fastify server (one route)
// started the same way in the same run (with --runs, the median of each figure). Each row also
// says how long the start took to its first answer, and the processor time it spent until then
// (less moved than the wall time by whatever else the machine runs). Scenarios:
//   bare               node with fastify and one route, nothing else
//   postgres           PostgreSQL of DATABASE_URL, in a fresh database created and dropped here
//                      (skipped when DATABASE_URL is unset)
//   embedded-first     the embedded database, first boot of an empty DATA_DIR (the empty database
//                      npm run build made is copied, or initdb runs; then the migrations)
//   embedded-restart   the embedded database, a restart on that same DATA_DIR
//   conference-first   as embedded-first, with another conference's file loaded (CONFERENCE_FILE:
//                      examples/demo-conference, its own base path and pages' texts), same build
//   conference-restart as embedded-restart, with that conference's file loaded
//   loaded             PostgreSQL of --database-url, a database already filled (seed:demo, a
//                      restore), left as it is but for a signed-in admin made and removed here;
//                      after idling, the records CSV of every account is downloaded once, and the
//                      rise of the server's RSS over its idle figure during that first export is
//                      reported beside the idle figure
// Reads /proc, so it runs on Linux.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { readConferenceFile } from '@server/conference-file.ts';
import { openDatabase } from '@server/db/client.ts';
import { freePort } from '@server/test/net.ts';
import { httpRequest } from '@server/test/server-process.ts';
import { benchAdmin } from './bench-admin.ts';
import { PROJECT_ROOT, staleBuildReason } from './build-state.mjs';

const SCENARIOS = [
  'bare',
  'postgres',
  'embedded-first',
  'embedded-restart',
  'conference-first',
  'conference-restart',
  'loaded',
] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  options: {
    // V8's memory reducer collects about 15 s after a process stops allocating: idle means after it.
    'idle-seconds': { type: 'string', default: '20' },
    runs: { type: 'string', default: '1' },
    /** NODE_OPTIONS for every server started here, the bare one included (e.g. V8's heap flags). */
    'node-options': { type: 'string' },
    only: { type: 'string' },
    /** A filled PostgreSQL database for the `loaded` scenario (left as found). */
    'database-url': { type: 'string' },
  },
});
const idleMs = Number(values['idle-seconds']) * 1000;
if (!Number.isFinite(idleMs) || idleMs < 0 || idleMs > 600_000) {
  console.error('--idle-seconds must be a number from 0 to 600.');
  process.exit(2);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('--runs must be a whole number from 1 to 20.');
  process.exit(2);
}
const only = values.only?.split(',').map((s) => s.trim());
const unknown = only?.filter((name) => !(SCENARIOS as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${SCENARIOS.join(', ')}.`);
  process.exit(2);
}
const loadedUrl = values['database-url'];
// Without --only, the loaded scenario runs when a database is given.
const wanted = (scenario: Scenario) =>
  only ? only.includes(scenario) : scenario !== 'loaded' || loadedUrl !== undefined;
if (wanted('loaded') && !loadedUrl) {
  console.error('The loaded scenario measures the database of --database-url.');
  process.exit(2);
}

const SAMPLE_MS = 50;
/** The first idle figure: the heap the start built, before V8's memory reducer has run. */
const EARLY_IDLE_MS = 5000;
const SERVE_TIMEOUT_MS = 180_000;
const BASE_PATH = process.env.BASE_PATH || DEFAULT_CONFERENCE.basePath;
/** The conference of the conference-* scenarios: another name, base path, themes and pages' texts. */
const OTHER_CONFERENCE_FILE = path.join(PROJECT_ROOT, 'examples', 'demo-conference', 'conference.yaml');
const OTHER_BASE_PATH = process.env.BASE_PATH || readConferenceFile(OTHER_CONFERENCE_FILE).basePath;
/** What a visitor's first page load asks for, and a monitor's poll; each a few times. */
const WARM_UP_PATHS = ['/', '/api/health', '/api/auth/session', '/login', '/brochure', '/api/auth/registration-status'];
const WARM_UP_ROUNDS = 5;

/** A minimal Fastify server with one route, started like the real one: the floor under our figures. */
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get(${JSON.stringify(`${BASE_PATH}/api/health`)}, async () => ({ success: true, database: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Resident memory of one process in bytes, 0 once it has gone. */
function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Processor time a process has used, in ms (utime + stime of /proc's stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The process and every process below it (a build, a worker process), by /proc's children lists. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${tree[i]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended between the two reads.
      }
    }
  }
  return tree;
}

interface Measurement {
  /** From spawn to the first 200 of the health route. */
  firstAnswerMs: number;
  /**
   * The processor time the process tree spent until then (every thread, user and system): on a
   * machine others share, the wall time stretches with their load, this much less.
   */
  firstAnswerCpuMs: number;
  peakBytes: number;
  /** Median of the second before 5 s of idling (the start's heap still held), when idling that long. */
  earlyBytes?: number;
  /** Median of the last second of idling. */
  idleBytes: number;
  /** Most processes seen at once in the tree (1: the server alone). */
  processes: number;
  rebuilt: boolean;
  /** The loaded scenario's first records export: its size, time, and the peak RSS while it ran. */
  exported?: { bytes: number; ms: number; peakBytes: number };
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

function start(args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Work done on the server after it idled, while its memory is still sampled: its size in bytes. */
type AfterIdle = (baseUrl: string) => Promise<number>;

async function measure(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  afterIdle?: AfterIdle,
  basePath = BASE_PATH,
): Promise<Measurement> {
  const spawnedAt = Date.now();
  const server = start(args, { ...env, PORT: String(port) });
  const pid = server.child.pid!;
  let exited = false;
  server.child.once('exit', () => (exited = true));
  const samples: { at: number; bytes: number }[] = [];
  let processes = 1;
  const sampler = setInterval(() => {
    const tree = processTree(pid);
    processes = Math.max(processes, tree.length);
    samples.push({ at: Date.now(), bytes: tree.reduce((sum, p) => sum + rssOf(p), 0) });
  }, SAMPLE_MS);
  try {
    const baseUrl = `http://127.0.0.1:${port}${basePath}`;
    const deadline = spawnedAt + SERVE_TIMEOUT_MS;
    for (;;) {
      if (exited) throw new Error(`the server exited before serving:\n${server.output()}`);
      if (Date.now() > deadline) throw new Error(`no answer within ${SERVE_TIMEOUT_MS} ms:\n${server.output()}`);
      const answer = await httpRequest(baseUrl, 'GET', '/api/health').catch(() => null);
      if (answer?.status === 200) break;
      await sleep(SAMPLE_MS);
    }
    const firstAnswerMs = Date.now() - spawnedAt;
    const firstAnswerCpuMs = processTree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0);
    for (let round = 0; round < WARM_UP_ROUNDS; round += 1)
      for (const route of WARM_UP_PATHS) await httpRequest(baseUrl, 'GET', route);
    const idleStart = Date.now();
    await sleep(idleMs);
    if (exited) throw new Error(`the server exited while idle:\n${server.output()}`);
    const medianBetween = (from: number, to: number) => {
      const within = samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.bytes);
      within.sort((a, b) => a - b);
      return within[Math.floor(within.length / 2)];
    };
    const idleTo = Date.now();
    // Before any work after idling (the loaded scenario's export), which must not count as idle.
    const idleBytes = medianBetween(idleTo - Math.min(1000, idleMs), idleTo) ?? samples.at(-1)?.bytes ?? 0;
    const earlyBytes =
      idleMs > EARLY_IDLE_MS ? medianBetween(idleStart + EARLY_IDLE_MS - 1000, idleStart + EARLY_IDLE_MS) : undefined;
    const peakBytes = Math.max(...samples.map((s) => s.bytes));
    let exported: Measurement['exported'];
    if (afterIdle) {
      const from = Date.now();
      const bytes = await afterIdle(baseUrl);
      const during = samples.filter((s) => s.at >= from).map((s) => s.bytes);
      exported = { bytes, ms: Date.now() - from, peakBytes: Math.max(...during) };
    }
    return {
      firstAnswerMs,
      firstAnswerCpuMs,
      peakBytes,
      earlyBytes,
      idleBytes,
      processes,
      rebuilt: server.output().includes('building...'),
      exported,
    };
  } finally {
    clearInterval(sampler);
    if (!exited) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  }
}

/** The environment of every server here: a throwaway data directory, an admin, nothing mailed. */
function serverEnv(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'footprint-admin@ictacem.localhost',
    ADMIN_PASSWORD: 'a footprint measuring admin',
    LOG_LEVEL: 'warn',
  };
  if (process.env.BASE_PATH) env.BASE_PATH = process.env.BASE_PATH;
  if (values['node-options']) env.NODE_OPTIONS = values['node-options'];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Measures once; a start that rebuilt the server (someone changed a source meanwhile) measured the build too, so again. */
async function measureServer(
  prepare: () => Promise<NodeJS.ProcessEnv>,
  afterIdle?: AfterIdle,
  basePath = BASE_PATH,
): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    const env = await prepare();
    buildIfStale();
    const result = await measure(['scripts/start.mjs'], env, await freePort(), afterIdle, basePath);
    if (!result.rebuilt || attempt === 3) return result;
    console.error('  (the start rebuilt the server first; measuring again)');
  }
}

/** Builds here, outside the measured process, when a source is newer than the build. */
function buildIfStale(): void {
  const reason = staleBuildReason();
  if (!reason) return;
  console.error(`${reason}: building...`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('the build failed: run `npm run build` to see why');
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onAdminConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Each figure's median over the runs (the middle run's, or the upper middle of an even count). */
function median(results: Measurement[]): Measurement {
  const middle = (pick: (m: Measurement) => number) =>
    results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  return {
    firstAnswerMs: middle((m) => m.firstAnswerMs),
    firstAnswerCpuMs: middle((m) => m.firstAnswerCpuMs),
    peakBytes: middle((m) => m.peakBytes),
    earlyBytes: results[0]!.earlyBytes === undefined ? undefined : middle((m) => m.earlyBytes!),
    idleBytes: middle((m) => m.idleBytes),
    processes: Math.max(...results.map((m) => m.processes)),
    rebuilt: results.some((m) => m.rebuilt),
    exported: results[0]!.exported && {
      bytes: middle((m) => m.exported!.bytes),
      ms: middle((m) => m.exported!.ms),
      peakBytes: middle((m) => m.exported!.peakBytes - m.idleBytes) + middle((m) => m.idleBytes),
    },
  };
}

/** Downloads the records CSV of every account as `cookie`'s admin, reading it as it comes: its size. */
async function exportRecords(baseUrl: string, cookie: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/admin/records/export?view=evaluation`, { headers: { cookie } });
  if (!answer.ok || !answer.body) throw new Error(`the records export answered ${answer.status}`);
  let bytes = 0;
  const reader = answer.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  return bytes;
}

/** An admin signed in on the given database for the export, removed (with its session) after. */
async function withLoadedAdmin<T>(url: string, work: (cookie: string) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
  const admin = await benchAdmin(database);
  try {
    return await work(admin.cookie);
  } finally {
    await admin.remove();
    await database.close();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

async function main(): Promise<void> {
  buildIfStale();

  const rows: { scenario: string; result: Measurement | string }[] = [];
  const record = async (scenario: string, run: () => Promise<Measurement>) => {
    console.error(`${scenario}...`);
    const results: Measurement[] = [];
    try {
      for (let i = 0; i < runs; i += 1) results.push(await run());
      rows.push({ scenario, result: median(results) });
    } catch (error) {
      rows.push({ scenario, result: `failed: ${(error as Error).message.split('\n')[0]}` });
    }
  };
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ictacem-footprint-'));
  try {
    if (wanted('bare'))
      await record('bare Fastify server, one route', async () =>
        measure(['--input-type=module', '--eval', BARE_SERVER], serverEnv(scratch), await freePort()),
      );

    if (wanted('postgres')) {
      const adminUrl = process.env.DATABASE_URL;
      if (!adminUrl) {
        console.error('DATABASE_URL is unset: the PostgreSQL scenario is skipped.');
        rows.push({ scenario: 'PostgreSQL, empty database', result: 'skipped (no DATABASE_URL)' });
      } else {
        const name = `ictacem_footprint_${process.pid}`;
        await record('PostgreSQL, empty database', () =>
          measureServer(async () => {
            await onAdminConnection(adminUrl, async (client) => {
              await client.query(`drop database if exists ${name}`);
              await client.query(`create database ${name}`);
            });
            const dataDir = await mkdtemp(path.join(scratch, 'postgres-'));
            return serverEnv(dataDir, withDatabase(adminUrl, name));
          }).finally(() =>
            onAdminConnection(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
          ),
        );
      }
    }

    // The restart needs a data directory a first boot made, measured or not.
    let embeddedDir: string | undefined;
    if (wanted('embedded-first') || wanted('embedded-restart'))
      await record('embedded database, first boot of an empty data directory', () =>
        measureServer(async () => {
          embeddedDir = await mkdtemp(path.join(scratch, 'embedded-'));
          return serverEnv(embeddedDir);
        }),
      );
    if (!wanted('embedded-first') && wanted('embedded-restart')) rows.pop();
    if (wanted('embedded-restart') && embeddedDir)
      await record('embedded database, restart', () => measureServer(async () => serverEnv(embeddedDir!)));

    // The same two with another conference's file loaded (read and checked at every start), on the
    // same build: beside the two above, what the configuration costs a start.
    let conferenceDir: string | undefined;
    const withConference = (env: NodeJS.ProcessEnv) => ({ ...env, CONFERENCE_FILE: OTHER_CONFERENCE_FILE });
    if (wanted('conference-first') || wanted('conference-restart'))
      await record(`embedded database, first boot, ${path.relative(PROJECT_ROOT, OTHER_CONFERENCE_FILE)}`, () =>
        measureServer(
          async () => {
            conferenceDir = await mkdtemp(path.join(scratch, 'conference-'));
            return withConference(serverEnv(conferenceDir));
          },
          undefined,
          OTHER_BASE_PATH,
        ),
      );
    if (!wanted('conference-first') && wanted('conference-restart')) rows.pop();
    if (wanted('conference-restart') && conferenceDir)
      await record(`embedded database, restart, ${path.relative(PROJECT_ROOT, OTHER_CONFERENCE_FILE)}`, () =>
        measureServer(async () => withConference(serverEnv(conferenceDir!)), undefined, OTHER_BASE_PATH),
      );

    if (wanted('loaded') && loadedUrl) {
      const papers = await onAdminConnection(loadedUrl, async (client) =>
        Number((await client.query('select count(*) as n from papers')).rows[0].n),
      );
      await record(`PostgreSQL, ${papers.toLocaleString('en')} papers loaded`, () =>
        withLoadedAdmin(loadedUrl, (cookie) =>
          measureServer(
            async () => serverEnv(path.join(scratch, 'loaded'), loadedUrl),
            (baseUrl) => exportRecords(baseUrl, cookie),
          ),
        ),
      );
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  console.log(
    `\nRSS of the server process and its children, sampled every ${SAMPLE_MS} ms from spawn to ` +
      `${idleMs / 1000} s of idling after ${WARM_UP_ROUNDS} rounds of ${WARM_UP_PATHS.length} requests` +
      `${runs > 1 ? `, median of ${runs} runs` : ''}${values['node-options'] ? `, NODE_OPTIONS=${values['node-options']}` : ''} ` +
      `(${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores)\n`,
  );
  console.log(
    '| scenario | first answer | processor time to it | peak RSS | RSS 5 s after | idle RSS | processes | first records export |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { scenario, result } of rows) {
    if (typeof result === 'string') console.log(`| ${scenario} | ${result} | | | | | | |`);
    else {
      const exported = result.exported
        ? `${mb(result.exported.bytes)} in ${(result.exported.ms / 1000).toFixed(1)} s, ` +
          `RSS at most ${mb(result.exported.peakBytes)} (+${mb(result.exported.peakBytes - result.idleBytes)} over idle` +
          `${result.earlyBytes === undefined ? '' : `, +${mb(result.exported.peakBytes - result.earlyBytes)} over 5 s after`})`
        : '';
      console.log(
        `| ${scenario} | ${(result.firstAnswerMs / 1000).toFixed(1)} s | ${(result.firstAnswerCpuMs / 1000).toFixed(1)} s | ` +
          `${mb(result.peakBytes)} | ` +
          `${result.earlyBytes === undefined ? '' : mb(result.earlyBytes)} | ` +
          `${mb(result.idleBytes)} | ${result.processes}${result.rebuilt ? ' (a build ran in the start)' : ''} | ${exported} |`,
      );
    }
  }
  if (rows.some((row) => typeof row.result === 'string' && row.result.startsWith('failed'))) process.exitCode = 1;
}

await main();
