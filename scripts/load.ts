// Drives the real server, started as its own process the way it runs in production, with a
// busy submission day, and reports what it saw:
//   npm run load                         (60 s of load after seeding and signing everyone in)
//   npm run load -- --seconds 120 --papers 5000 --poll-ms 5000
//   npm run load -- --instances 2 --db postgres   (two servers on a new database on DATABASE_URL's server)
//   npm run load -- --instances 2 --db postgres --file-store s3   (uploads kept in an s3rver bucket)
// Authors sign up through the API and poll their notifications at the client's interval; some
// of them submit a 10 MB PDF all at once; admins page through the dashboard. Every request goes
// through a round-robin proxy in its own process (scripts/round-robin-proxy.ts), as through
// nginx. Exits 1 on any error answer, or when the servers' memory grows with the uploaded bytes
// (uploads must stream). Reads the servers' memory from /proc, so it runs on Linux.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { openDatabase } from '@server/db/client.ts';
import { totpCredentials, users } from '@server/db/schema/index.ts';
import { hashPassword } from '@server/lib/passwords.ts';
import { newCustomUserId } from '@server/modules/users/users.service.ts';
import { freePort } from '@server/test/net.ts';
import { createScratchDatabase, type ScratchDatabase } from '@server/test/scratch-database.ts';
import { type ServerProcess, spawnServer, waitUntilServing } from '@server/test/server-process.ts';
import { LIMITS, NOTIFICATION_PAGE_SIZE, TIMINGS } from '@shared/constants.ts';
import { presentationModeLabels, themeLabels, setConference } from '@shared/conference.ts';
import { seedDemo } from './seed-demo.ts';
import { loadConfig } from '@server/config.ts';

// The conference as the server would be configured (CONFERENCE_FILE, else the default).
setConference(loadConfig().conference);

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    authors: { type: 'string', default: '300' },
    uploaders: { type: 'string', default: '30' },
    admins: { type: 'string', default: '5' },
    papers: { type: 'string', default: '3000' },
    'poll-ms': { type: 'string', default: String(TIMINGS.pollMs) },
    'admin-think-ms': { type: 'string', default: '1000' },
    instances: { type: 'string', default: '1' },
    db: { type: 'string', default: 'embedded' },
    'file-store': { type: 'string', default: 'local' },
  },
});

function wholeNumber(option: string, min: number): number {
  const value = Number(values[option as keyof typeof values]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${option} takes a whole number of at least ${min}`);
  return value;
}

const seconds = wholeNumber('seconds', 1);
const authorCount = wholeNumber('authors', 1);
const uploaderCount = wholeNumber('uploaders', 0);
const adminCount = wholeNumber('admins', 1);
const seededPapers = wholeNumber('papers', 0);
const pollMs = wholeNumber('poll-ms', 100);
const adminThinkMs = wholeNumber('admin-think-ms', 0);
const instanceCount = wholeNumber('instances', 1);
if (uploaderCount > authorCount) throw new Error('--uploaders cannot exceed --authors');
if (values.db !== 'embedded' && values.db !== 'postgres') throw new Error('--db is embedded or postgres');
const onPostgres = values.db === 'postgres';
if (onPostgres && !process.env.DATABASE_URL)
  throw new Error('--db postgres creates its database on the PostgreSQL server named by DATABASE_URL');
if (values['file-store'] !== 'local' && values['file-store'] !== 's3') throw new Error('--file-store is local or s3');
const inBucket = values['file-store'] === 's3';
if (instanceCount > 1 && !onPostgres)
  throw new Error('--instances above 1 needs --db postgres: the embedded database is opened by one process only');

const MB = 1024 * 1024;
const PDF_BYTES = LIMITS.paperPdfBytes;
const PASSWORD = 'load-password';
/** Every admin's authenticator secret (admins sign in with two factors). */
const ADMIN_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** The first is ADMIN_EMAIL, made admin by the server at start; the others are seeded. */
const adminEmails = Array.from({ length: adminCount }, (_, i) => `load-admin${i + 1}@load.example`);
/** Every request comes from 127.0.0.1: sign-ups alone need 15 times the hourly per-address limit. */
const IP_RATE_LIMIT_FACTOR = 100;
/** Each sign-up hashes a password on the server (argon2id, 19 MiB); a few at a time is plenty on 2 cores. */
const SIGN_UP_CONCURRENCY = 4;
const RSS_SAMPLE_MS = 100;
/**
 * Memory growth that says the server holds uploads in memory: this share of the uploaded bytes
 * on top of what the rest of the load adds on its own (about 25 MB in a run without uploads).
 */
const STREAMED_GROWTH_SHARE = 0.5;
const OTHER_GROWTH_ALLOWANCE = 64 * MB;

const KINDS = [
  'unread count',
  'notification list',
  'paper submission (10 MB PDF)',
  'admin stats',
  'admin paper page',
  'admin user page',
  'admin records page',
] as const;
type Kind = (typeof KINDS)[number];

interface Failure {
  kind: Kind;
  status: number | 'network';
  detail: string;
}

const latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
const failures: Failure[] = [];

/** Nearest-rank percentile of a sorted, non-empty list. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Resident and peak resident memory of a process, in bytes. */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

const asMb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

// Uploads ---------------------------------------------------------------------------------

/** PDF comment lines: the file stays a syntactically plausible PDF whatever its length. */
const PDF_FILLER = Buffer.from('% ICTACEM load test padding line\n'.repeat(2048));

/** A PDF of exactly totalBytes, made chunk by chunk, so neither side ever holds it whole. */
function* pdfChunks(totalBytes: number): Generator<Uint8Array> {
  const head = Buffer.from('%PDF-1.7\n');
  const tail = Buffer.from('%%EOF\n');
  yield head;
  for (let left = totalBytes - head.length - tail.length; left > 0; left -= PDF_FILLER.length) {
    yield PDF_FILLER.subarray(0, Math.min(left, PDF_FILLER.length));
  }
  yield tail;
}

/** A multipart/form-data body with text fields and one generated PDF, produced as the socket takes it. */
function multipartWithPdf(fields: Record<string, string>, fileField: string, pdfBytes: number) {
  const boundary = `ictacem-load-${randomUUID()}`;
  const fieldParts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHeader = `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="extended-abstract.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  function* parts(): Generator<Uint8Array> {
    yield Buffer.from(fieldParts + fileHeader);
    yield* pdfChunks(pdfBytes);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const chunks = parts();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// Requests --------------------------------------------------------------------------------

interface SignedIn {
  token: string;
  customUserId: string;
}

let apiBase = '';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Setup requests: anything but success stops the run, since the load would mean nothing. */
async function postJson<T>(apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiBase}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${apiPath}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * A measured request: its time runs until the whole answer is read; any non-2xx answer is an
 * error. Node's fetch (undici) keeps a connection open per request in flight and reuses it for
 * the next poll, like a browser.
 */
async function measured(kind: Kind, apiPath: string, init: RequestInit & { duplex?: 'half' }): Promise<unknown> {
  const started = performance.now();
  try {
    const response = await fetch(`${apiBase}${apiPath}`, init);
    const text = await response.text();
    latencies.get(kind)!.push(performance.now() - started);
    if (!response.ok) {
      failures.push({ kind, status: response.status, detail: text.slice(0, 300) });
      return undefined;
    }
    return JSON.parse(text) as unknown;
  } catch (error) {
    latencies.get(kind)!.push(performance.now() - started);
    failures.push({
      kind,
      status: 'network',
      detail: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
    });
    return undefined;
  }
}

async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

// What each kind of user does --------------------------------------------------------------

/** The bell polls its unread count at the client's interval; the list is polled too, as if the bell stayed open. */
async function pollAsAuthor(author: SignedIn, deadline: number): Promise<void> {
  // Browsers were opened at different moments: the first poll lands anywhere in the first interval.
  let next = performance.now() + Math.random() * pollMs;
  while (next < deadline) {
    await sleep(Math.max(0, next - performance.now()));
    const init = { headers: bearer(author.token) };
    await Promise.all([
      measured('unread count', '/notifications/unread-count', init),
      measured('notification list', `/notifications?page=1&limit=${NOTIFICATION_PAGE_SIZE.bell}`, init),
    ]);
    next += pollMs;
  }
}

async function submitPaper(author: SignedIn, index: number): Promise<void> {
  const { body, contentType } = multipartWithPdf(
    {
      title: `Load-bearing study number ${index + 1}`,
      theme: themeLabels()[index % themeLabels().length]!,
      ictacemId: author.customUserId,
      modeOfPresentation: presentationModeLabels()[index % presentationModeLabels().length]!,
      authors: JSON.stringify([
        { name: `Load Author ${index + 1}`, affiliation: 'Institute of Load', address: '1 Campus Road' },
      ]),
    },
    'paperPdf',
    PDF_BYTES,
  );
  await measured('paper submission (10 MB PDF)', '/papers/submit', {
    method: 'POST',
    headers: { ...bearer(author.token), 'content-type': contentType },
    body,
    duplex: 'half',
  });
}

const ADMIN_VISITS: { kind: Kind; path: (page: number, round: number) => string }[] = [
  { kind: 'admin stats', path: () => '/admin/stats' },
  { kind: 'admin paper page', path: (page) => `/admin/papers?page=${page}` },
  { kind: 'admin user page', path: (page) => `/admin/users?page=${page}` },
  {
    kind: 'admin records page',
    path: (page, round) => `/admin/records?view=${round % 2 === 0 ? 'financial' : 'evaluation'}&page=${page}&limit=10`,
  },
];

/** Statistics, then the next page of each list, with a pause between clicks; admins start on different pages. */
async function pageAsAdmin(admin: SignedIn, index: number, deadline: number): Promise<void> {
  const init = { headers: bearer(admin.token) };
  const totalPages = new Map<Kind, number>();
  for (let round = index * 10; ; round++) {
    for (const visit of ADMIN_VISITS) {
      if (performance.now() >= deadline) return;
      const page = (round % (totalPages.get(visit.kind) ?? 1)) + 1;
      const answer = (await measured(visit.kind, visit.path(page, round), init)) as
        { pagination?: { totalPages: number } } | undefined;
      if (answer?.pagination) totalPages.set(visit.kind, Math.max(1, answer.pagination.totalPages));
      await sleep(adminThinkMs);
    }
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  // Graceful shutdown closes the database; a server stuck in it is ended for good.
  const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

async function seed(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  // Before the servers start: the embedded database allows one process at a time.
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await seedDemo(database.db, dataDir, { users: seededPapers, papers: seededPapers });
    // The first admin comes from ADMIN_EMAIL at start; the API has no way to make more.
    const passwordHash = await hashPassword(PASSWORD);
    const extraAdmins = adminEmails.slice(1).map((email, i) => ({
      username: `Load Admin ${i + 2}`,
      email,
      passwordHash,
      customUserId: newCustomUserId(),
      role: 'admin' as const,
      twoFactorEnabledAt: new Date(),
    }));
    if (extraAdmins.length > 0) {
      const inserted = await database.db.insert(users).values(extraAdmins).returning({ id: users.id });
      await database.db
        .insert(totpCredentials)
        .values(inserted.map(({ id }) => ({ userId: id, secret: ADMIN_TOTP_SECRET })));
    }
  } finally {
    await database.close();
  }
}

/** Starts a helper script of this directory that prints the port it listens on; the process and that port. */
async function startHelper(script: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = await Promise.race([
    once(child.stdout!, 'data') as Promise<[Buffer]>,
    once(child, 'exit').then(([code]) => {
      throw new Error(`${script} exited (${String(code)}) before listening`);
    }),
  ]);
  return { child, port: Number(started[0].toString().trim()) };
}

const S3_BUCKET = 'ictacem-load';

/** The servers' settings for the s3rver bucket on this port. */
const s3Settings = (port: number) => ({
  FILE_STORE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

interface ServerMemory {
  pid: number;
  rssBefore: number;
  rssPeak: number;
  lifetimePeak: number;
  died: boolean;
}

interface LoadResult {
  signUpSeconds: number;
  uploadSeconds: number;
  servers: ServerMemory[];
  /** The servers' RSS added up, before the load and at the highest of its samples during it. */
  totalBefore: number;
  totalPeak: number;
}

const isGone = (server: ServerProcess) => server.child.exitCode !== null || server.child.signalCode !== null;

// One thread is enough here: between polls every author only waits, and the servers run in their
// own processes, so this script never holds up a server's event loop (it does share the cores).
async function drive(servers: ServerProcess[]): Promise<LoadResult> {
  await Promise.all(servers.map((server) => waitUntilServing(server, 120_000)));
  console.error(`Server pids ${servers.map((server) => server.child.pid).join(', ')} answer behind ${apiBase}`);

  console.error(`Signing up ${authorCount} authors and signing in ${adminCount} admins...`);
  const signUpStarted = performance.now();
  const authors = await inParallel(
    Array.from({ length: authorCount }, (_, i) => i),
    SIGN_UP_CONCURRENCY,
    async (i): Promise<SignedIn> => {
      const { token, user } = await postJson<{ token: string; user: { customUserId: string } }>('/auth/register', {
        username: `Load Author ${i + 1}`,
        email: `load-author${i + 1}@load.example`,
        password: PASSWORD,
      });
      return { token, customUserId: user.customUserId };
    },
  );
  const signUpSeconds = (performance.now() - signUpStarted) / 1000;
  const admins = await inParallel(adminEmails, SIGN_UP_CONCURRENCY, async (email): Promise<SignedIn> => {
    // Every admin signs in with two factors; each account takes the current code once.
    const totp = new TOTP({ secret: Secret.fromBase32(ADMIN_TOTP_SECRET) }).generate();
    const { token, user } = await postJson<{ token: string; user: { customUserId: string } }>('/auth/login', {
      email,
      password: PASSWORD,
      totp,
    });
    return { token, customUserId: user.customUserId };
  });

  console.error(`Load for ${seconds} s...`);
  const memory: ServerMemory[] = servers.map((server) => {
    const rss = memoryOf(server.child.pid!, 'VmRSS');
    return { pid: server.child.pid!, rssBefore: rss, rssPeak: rss, lifetimePeak: Number.NaN, died: false };
  });
  const totalBefore = memory.reduce((sum, server) => sum + server.rssBefore, 0);
  let totalPeak = totalBefore;
  const sample = () => {
    let total = 0;
    for (const server of memory) {
      try {
        const rss = memoryOf(server.pid, 'VmRSS');
        server.rssPeak = Math.max(server.rssPeak, rss);
        total += rss;
      } catch {
        // The server is gone; reported below.
      }
    }
    totalPeak = Math.max(totalPeak, total);
  };
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  const deadline = performance.now() + seconds * 1000;
  const uploadsStarted = performance.now();
  const uploads = Promise.all(authors.slice(0, uploaderCount).map(submitPaper)).then(
    () => (performance.now() - uploadsStarted) / 1000,
  );
  await Promise.all([
    ...authors.map((author) => pollAsAuthor(author, deadline)),
    ...admins.map((admin, i) => pageAsAdmin(admin, i, deadline)),
  ]);
  const uploadSeconds = await uploads;
  clearInterval(sampler);
  sample();

  servers.forEach((server, i) => {
    memory[i]!.died = isGone(server);
    if (!memory[i]!.died) memory[i]!.lifetimePeak = memoryOf(memory[i]!.pid, 'VmHWM');
  });
  return { signUpSeconds, uploadSeconds, servers: memory, totalBefore, totalPeak };
}

/** Prints the figures as Markdown and answers whether the run passed. */
function report(result: LoadResult): boolean {
  const uploadedBytes = uploaderCount * PDF_BYTES;
  const growth = result.totalPeak - result.totalBefore;
  const streamed =
    uploaderCount === 0 || growth < instanceCount * OTHER_GROWTH_ALLOWANCE + uploadedBytes * STREAMED_GROWTH_SHARE;
  const serversDied = result.servers.some((server) => server.died);
  const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${asMb(bytes)}`;
  const lines = [
    `${authorCount} authors polling every ${pollMs / 1000} s, ${uploaderCount} of them submitting a ${asMb(PDF_BYTES)} PDF at once, ` +
      `${adminCount} admins paging the dashboard (${adminThinkMs} ms between clicks); ${seconds} s on ${seededPapers.toLocaleString('en')} seeded papers, ` +
      `${onPostgres ? 'PostgreSQL' : 'embedded database'}, ${instanceCount} server process${instanceCount === 1 ? '' : 'es'} ` +
      `behind a round-robin proxy, files ${inBucket ? 'in an s3rver bucket' : 'on local disk'}, Node ${process.version}, ${os.cpus().length} cores`,
    '',
    '| requests | count | errors | p50 ms | p99 ms |',
    '|---|---|---|---|---|',
  ];
  for (const kind of KINDS) {
    const sorted = [...latencies.get(kind)!].sort((a, b) => a - b);
    const errors = failures.filter((failure) => failure.kind === kind).length;
    const ms = (p: number) => (sorted.length === 0 ? '-' : percentile(sorted, p).toFixed(0));
    lines.push(`| ${kind} | ${sorted.length} | ${errors} | ${ms(50)} | ${ms(99)} |`);
  }
  lines.push(
    '',
    '| server memory (RSS) | before the load | peak during it | growth | lifetime peak (VmHWM) |',
    '|---|---|---|---|---|',
    ...result.servers.map(
      (server, i) =>
        `| process ${i + 1} (pid ${server.pid}) | ${asMb(server.rssBefore)} | ${asMb(server.rssPeak)} | ` +
        `${signed(server.rssPeak - server.rssBefore)} | ${server.died ? 'exited' : asMb(server.lifetimePeak)} |`,
    ),
  );
  if (instanceCount > 1) {
    const lifetimeTotal = result.servers.reduce((sum, server) => sum + server.lifetimePeak, 0);
    lines.push(
      `| all ${instanceCount} together | ${asMb(result.totalBefore)} | ${asMb(result.totalPeak)} | ${signed(growth)} | ` +
        `${serversDied ? '-' : `${asMb(lifetimeTotal)} (each one's, added up)`} |`,
    );
  }
  lines.push(
    '',
    `Sign-ups before the load: ${authorCount} in ${result.signUpSeconds.toFixed(1)} s.`,
    uploaderCount === 0
      ? 'Uploads: none.'
      : `Uploads: ${uploaderCount} × ${asMb(PDF_BYTES)} = ${asMb(uploadedBytes)} in ${result.uploadSeconds.toFixed(1)} s ` +
          `(${(uploadedBytes / MB / result.uploadSeconds).toFixed(1)} MB/s together)` +
          // Nothing here reads an upload back, which with several processes would need the one that stored it.
          `${instanceCount > 1 && !inBucket ? ', each kept on the disk of the process that took it' : ''}.`,
  );
  if (uploaderCount > 0) {
    const allowance = instanceCount * OTHER_GROWTH_ALLOWANCE;
    lines.push(
      streamed
        ? `Uploads stream: memory grew by ${asMb(growth)} while ${uploaderCount} × ${asMb(PDF_BYTES)} = ${asMb(uploadedBytes)} were uploaded at once.`
        : `UPLOADS HELD IN MEMORY: memory grew by ${asMb(growth)}, ${asMb(allowance)} plus ${STREAMED_GROWTH_SHARE * 100} % of the ${asMb(uploadedBytes)} uploaded or more.`,
    );
  }
  lines.push(`Errors: ${failures.length}${serversDied ? '; A SERVER EXITED DURING THE RUN' : ''}`);
  const grouped = new Map<string, number>();
  for (const failure of failures) {
    const key = `${failure.kind}: ${failure.status} ${failure.detail}`;
    grouped.set(key, (grouped.get(key) ?? 0) + 1);
  }
  for (const [key, count] of grouped) lines.push(`  ${count} × ${key}`);
  console.log(lines.join('\n'));
  return failures.length === 0 && streamed && !serversDied;
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-load-'));
// Each process its own data directory; the first also holds the seeded file and the embedded database.
const dataDirs = Array.from({ length: instanceCount }, (_, i) => path.join(workDir, `server-${i + 1}`));
let database: ScratchDatabase | undefined;
let s3: ChildProcess | undefined;
/** The proxy and the servers: stopped before the bucket, which a stopping server may still use. */
const inFront: ChildProcess[] = [];
try {
  database = onPostgres ? await createScratchDatabase() : undefined;
  await Promise.all(dataDirs.map((dir) => mkdir(dir)));
  console.error(`Seeding ${seededPapers} authors with papers and ${adminCount - 1} extra admins...`);
  await seed(dataDirs[0]!, database?.url);
  const ports = await Promise.all(dataDirs.map(() => freePort()));
  // The seeded PDF stays in the first data directory even with a bucket: the load never reads it.
  const bucket = inBucket
    ? await startHelper('scripts/s3rver-with-bucket.ts', [path.join(workDir, 's3'), S3_BUCKET])
    : undefined;
  s3 = bucket?.child;
  const proxy = await startHelper('scripts/round-robin-proxy.ts', ports.map(String));
  inFront.push(proxy.child);
  const publicUrl = `http://127.0.0.1:${proxy.port}`;
  apiBase = `${publicUrl}/ictacem2025/api`;
  // The real entry point in its own process (node with tsx, no watcher), so its pid is the server's.
  const servers = dataDirs.map((dataDir, i) =>
    spawnServer(
      {
        ...process.env,
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: publicUrl,
        REGISTRATION_OPEN: 'true',
        ADMIN_EMAIL: adminEmails[0],
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_TOTP_SECRET,
        IP_RATE_LIMIT_FACTOR: String(IP_RATE_LIMIT_FACTOR),
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        DATABASE_URL: database?.url ?? '',
        ...(bucket ? s3Settings(bucket.port) : { FILE_STORE: 'local' }),
      },
      ports[i]!,
    ),
  );
  for (const server of servers) {
    inFront.push(server.child);
    // The servers' own log (warnings and errors only) goes beside this script's progress.
    server.child.stdout!.pipe(process.stderr);
    server.child.stderr!.pipe(process.stderr);
  }
  process.exitCode = report(await drive(servers)) ? 0 : 1;
} finally {
  await Promise.all(inFront.map(stopServer));
  if (s3) await stopServer(s3);
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
}
