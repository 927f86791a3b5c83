// Live updates against the spec's polling, side by side in one run, on PostgreSQL:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live -- --clients 1000 --seconds 60
//   … -- --processes 1        (one setup only; the default measures one process, then two)
// Each setup is the real server (src/server/main.ts, as `npm start` runs it) on a scratch database:
// one process, or two behind the round-robin proxy (scripts/round-robin-proxy.ts, as nginx in
// front of `npm run load`'s servers). N signed-in clients stay idle for the period three ways: no
// clients (the bare baseline), polling (the bell's and the chat badges' counts, each every 30 s,
// their phases spread over the 30 s as real tabs' are), then each holding one event stream (GET
// /api/events). For each: requests and the servers' CPU seconds (from /proc) per minute, their RSS at
// the end, and the latency of chat messages from the organiser's POST to the author seeing them
// (the poll that first shows the unread count, or the stream's `chat` event). With the streams
// open, the memory one stream costs (RSS and heap before and after opening them, each after a full
// collection, asked of the servers through the inspector), and a programme publication's arrival
// at every one of the N clients.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once, setMaxListeners } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashToken } from '@server/lib/tokens.ts';
import { type EventStreamClient, openEventStream } from '@server/test/event-stream.ts';
import { submissionFields } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { createScratchDatabase } from '@server/test/scratch-database.ts';
import {
  httpRequest,
  killServers,
  PROCESS_ADMIN,
  serverOnDatabaseEnv,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '@server/test/server-process.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    messages: { type: 'string', default: '40' },
    processes: { type: 'string', default: '1,2' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const MESSAGES = Number(values.messages);
const SETUPS = values.processes.split(',').map(Number);
const POLL_MS = 30_000;
/** Authors with a paper the organiser writes to (the rest only keep a tab open). */
const CHATTING = 5;
const BASE_PATH = '/ictacem2025';

if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the scratch database is made there).');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A sleep that ends early, without an error, when the signal is aborted. */
const pause = (ms: number, signal: AbortSignal) => wait(Math.max(0, ms), undefined, { signal }).catch(() => undefined);

async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
async function rssMb(pid: number): Promise<number> {
  const line = (await readFile(`/proc/${pid}/status`, 'utf8')).split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}
const sum = (numbers: number[]) => numbers.reduce((total, n) => total + n, 0);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);

/**
 * A full collection in a server, then its memory: through the inspector the server was started
 * with (Node 20's WebSocket is behind a flag, so a short-lived node asks).
 */
const INSPECTOR_CLIENT = `
const socket = new WebSocket(process.argv[1]);
const ask = (id, method, params = {}) => socket.send(JSON.stringify({ id, method, params }));
socket.onopen = () => ask(1, 'HeapProfiler.collectGarbage');
socket.onmessage = ({ data }) => {
  const answer = JSON.parse(data);
  if (answer.id === 1) ask(2, 'Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  if (answer.id === 2) { console.log(answer.result.result.value); socket.close(); }
};`;
async function memoryAfterCollection(inspectorUrl: string): Promise<{ rss: number; heapUsed: number }> {
  const child = spawn(
    process.execPath,
    ['--experimental-websocket', '--no-warnings', '-e', INSPECTOR_CLIENT, inspectorUrl],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  return JSON.parse(output) as { rss: number; heapUsed: number };
}
function inspectorUrlOf(server: ServerProcess): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
  if (!url) throw new Error('the server did not open its inspector');
  return url;
}

/** The round-robin proxy in its own process; resolves with the port it listens on. */
async function startProxy(ports: number[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/round-robin-proxy.ts', ...ports.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [first] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, port: Number(first.toString().trim()) };
}

function get(agent: http.Agent, base: string, url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent, headers: { cookie: `ictacem_session=${token}` } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

interface Row {
  label: string;
  requestsPerMinute: number;
  cpuSecondsPerMinute: number;
  rssMb: number;
  p50Ms: number | string;
  p99Ms: number | string;
  delivered: string;
}

async function runSetup(processes: number): Promise<{ rows: Row[]; notes: string[] }> {
  const database = (await createScratchDatabase())!;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-live-'));
  const servers: ServerProcess[] = [];
  let proxy: ChildProcess | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  try {
    for (let i = 0; i < processes; i += 1) {
      const env: NodeJS.ProcessEnv = {
        ...(await serverOnDatabaseEnv(database.url, dataDir)),
        REGISTRATION_OPEN: 'true',
        // Every client comes from this one address: its allowances scaled as behind a university's NAT.
        IP_RATE_LIMIT_FACTOR: String(Math.max(1, Math.ceil(CLIENTS / 50))),
        LOG_LEVEL: 'error',
        // On a local port only: the benchmark asks for a full collection before it reads memory.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`,
      };
      servers.push(spawnServer(env, Number(env.PORT)));
    }
    await Promise.all(servers.map((server) => waitUntilServing(server)));
    const pids = servers.map((server) => server.child.pid!);
    let base = servers[0]!.baseUrl;
    if (processes > 1) {
      const started = await startProxy(servers.map((server) => Number(new URL(server.baseUrl).port)));
      proxy = started.child;
      base = `http://127.0.0.1:${started.port}${BASE_PATH}`;
    }
    const inspectors = servers.map(inspectorUrlOf);
    const memory = async () => {
      const each = await Promise.all(inspectors.map(memoryAfterCollection));
      return { rss: sum(each.map((m) => m.rss)), heapUsed: sum(each.map((m) => m.heapUsed)) };
    };

    // Authors who chat: registered and submitted through the API; the idle ones straight into the database.
    const chatting: { token: string; paperId: string }[] = [];
    for (let i = 0; i < CHATTING; i += 1) {
      const signedUp = await httpRequest(base, 'POST', '/api/auth/register', {
        json: { username: `Bench Author ${i}`, email: `bench-${i}@example.org`, password: 'bench-password-1' },
      });
      const { token } = signedUp.json<{ token: string }>();
      const body = multipart(submissionFields(), [
        { field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes(`bench ${i}`) },
      ]);
      const submitted = await httpRequest(base, 'POST', '/api/papers/submit', {
        token,
        headers: body.headers,
        payload: body.payload,
      });
      chatting.push({ token, paperId: submitted.json<{ paper: { _id: string } }>().paper._id });
    }
    const tool = new pg.Client({ connectionString: database.url });
    await tool.connect();
    const idleTokens: string[] = [];
    for (let i = 0; i < CLIENTS - CHATTING; i += 1) {
      const token = randomBytes(32).toString('base64url');
      idleTokens.push(token);
      await tool.query(
        `with u as (insert into users (username, email, password_hash, custom_user_id)
                    values ($1, $2, 'x', $3) returning id)
         insert into sessions (user_id, token_hash, expires_at) select id, $4, now() + interval '1 day' from u`,
        [`Idle ${i}`, `idle-${i}@example.org`, `IDLE${i}`, hashToken(token)],
      );
    }
    await tool.end();
    const admin = (await httpRequest(base, 'POST', '/api/auth/login', { json: PROCESS_ADMIN })).json<{
      token: string;
    }>().token;
    const tokens = [...chatting.map((c) => c.token), ...idleTokens];
    const answered: number[] = [];

    /** The organiser writes to one of the chatting authors every so often over the period. */
    async function sendMessages(onSent: (author: number, at: number) => void) {
      for (let m = 0; m < MESSAGES; m += 1) {
        await sleep((SECONDS * 1000) / (MESSAGES + 1));
        const author = m % CHATTING;
        const body = multipart({ message: `Message ${m}` });
        const at = performance.now();
        const sent = await httpRequest(base, 'POST', `/api/chat/papers/${chatting[author]!.paperId}/messages`, {
          token: admin,
          headers: body.headers,
          payload: body.payload,
        });
        if (sent.status !== 201) throw new Error(`chat message answered ${sent.status}: ${sent.body.toString()}`);
        answered.push(performance.now() - at);
        onSent(author, at);
      }
    }

    /** Requests and CPU per minute of the phase as it ran (an overloaded phase runs past its period). */
    async function measure(
      label: string,
      run: () => Promise<{ requests: number; latencies: number[] }>,
      expected: number,
    ): Promise<Row> {
      await sleep(2000);
      const cpu0 = sum(await Promise.all(pids.map(cpuSeconds)));
      const started = performance.now();
      const { requests, latencies } = await run();
      const minutes = (performance.now() - started) / 60_000;
      const cpu = sum(await Promise.all(pids.map(cpuSeconds))) - cpu0;
      const inOrder = sorted(latencies);
      return {
        label,
        requestsPerMinute: Math.round(requests / minutes),
        cpuSecondsPerMinute: Number((cpu / minutes).toFixed(2)),
        rssMb: Number(sum(await Promise.all(pids.map(rssMb))).toFixed(1)),
        p50Ms: expected ? Math.round(percentile(inOrder, 50)) : '',
        p99Ms: expected ? Math.round(percentile(inOrder, 99)) : '',
        delivered: `${latencies.length}/${expected}`,
      };
    }

    const baseline = await measure(
      'baseline (no clients)',
      async () => {
        await sleep(SECONDS * 1000);
        return { requests: 0, latencies: [] };
      },
      0,
    );

    const polling = await measure(
      'polling every 30 s (spec)',
      async () => {
        let requests = 0;
        const stop = new AbortController();
        // Every poller waits on it.
        setMaxListeners(tokens.length + 1, stop.signal);
        const latencies: number[] = [];
        const pending = new Map<number, number[]>();
        const pollers = tokens.map(async (token, index) => {
          await pause((index / tokens.length) * POLL_MS, stop.signal);
          while (!stop.signal.aborted) {
            const polledAt = performance.now();
            const [bell, chat] = await Promise.all([
              get(agent, base, '/api/notifications/unread-count', token),
              get(agent, base, '/api/chat/unread-counts', token),
            ]);
            requests += 2;
            if (index < CHATTING && bell.status === 200 && chat.status === 200) {
              const total = (JSON.parse(chat.body) as { totalUnread: number }).totalUnread;
              const waiting = pending.get(index) ?? [];
              // Every message sent before this poll began and now counted has arrived.
              while (waiting.length > 0 && waiting[0]! <= polledAt && total > 0)
                latencies.push(performance.now() - waiting.shift()!);
              pending.set(index, waiting);
            }
            await pause(POLL_MS - (performance.now() - polledAt), stop.signal);
          }
        });
        await sendMessages((author, at) => pending.set(author, [...(pending.get(author) ?? []), at]));
        await sleep(POLL_MS);
        // The pollers stop at once, not at their next poll: the phase ends here.
        stop.abort();
        await Promise.all(pollers);
        // Counted over the period plus the last 30 s that let the last messages arrive (measure's minutes).
        return { requests, latencies };
      },
      MESSAGES,
    );
    agent.destroy();
    const pollAnswers = sorted(answered.splice(0));

    // The streams opened before the period (one request each), and what they hold in memory.
    const notes: string[] = [];
    const before = await memory();
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < tokens.length; i += 50)
      streams.push(
        ...(await Promise.all(tokens.slice(i, i + 50).map((token) => openEventStream(base, '/api/events', { token })))),
      );
    const opened = streams.filter((stream) => stream.status === 200).length;
    if (opened !== tokens.length) throw new Error(`only ${opened} of ${tokens.length} streams opened`);
    await sleep(2000);
    const after = await memory();
    const perStream = (bytes: number) => (bytes / tokens.length / 1024).toFixed(1);
    notes.push(
      `memory per stream (after a full collection, ${tokens.length} streams): RSS ${perStream(after.rss - before.rss)} kB, JavaScript heap ${perStream(after.heapUsed - before.heapUsed)} kB`,
      `stream opens: ${tokens.length} (one request per client, before the period)`,
    );

    const streaming = await measure(
      'one event stream per client',
      async () => {
        const latencies: number[] = [];
        const sentAt: number[] = [];
        await sendMessages((_author, at) => sentAt.push(at));
        await sleep(2000);
        // Latency: the event's arrival time as the client recorded it, against the POST's start.
        for (let author = 0; author < CHATTING; author += 1) {
          const chats = streams[author]!.events.filter((event) => event.event === 'chat');
          const sends = sentAt.filter((_, m) => m % CHATTING === author);
          for (const [m, at] of sends.entries()) if (chats[m]) latencies.push(chats[m].receivedAt - at);
        }
        // Once open, a stream costs no request.
        return { requests: 0, latencies };
      },
      MESSAGES,
    );

    // One event for everyone: the programme published, from the POST's start to each client.
    const draft = await httpRequest(base, 'GET', '/api/admin/programme', { token: admin });
    const { version } = draft.json<{ programme: { version: number } }>().programme;
    const publishedAt = performance.now();
    const published = await httpRequest(base, 'POST', '/api/admin/programme/publish', {
      token: admin,
      json: { version, confirmWarnings: true },
    });
    if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
    const arrivals = await Promise.all(
      streams.map((stream) =>
        stream
          .next((event) => event.event === 'programme', 30_000)
          .then((event) => event.receivedAt - publishedAt)
          .catch(() => undefined),
      ),
    );
    const reached = sorted(arrivals.filter((ms): ms is number => ms !== undefined));
    const broadcast: Row = {
      label: 'programme published, to every stream',
      requestsPerMinute: 0,
      cpuSecondsPerMinute: NaN,
      rssMb: NaN,
      p50Ms: Math.round(percentile(reached, 50)),
      p99Ms: Math.round(percentile(reached, 99)),
      delivered: `${reached.length}/${tokens.length}`,
    };
    for (const stream of streams) stream.close();
    const streamAnswers = sorted(answered);
    notes.push(
      `the chat POST's own answer (in the latency above): polling phase p50 ${Math.round(percentile(pollAnswers, 50))} ms, p99 ${Math.round(percentile(pollAnswers, 99))} ms; streaming phase p50 ${Math.round(percentile(streamAnswers, 50))} ms, p99 ${Math.round(percentile(streamAnswers, 99))} ms`,
    );
    return { rows: [baseline, polling, streaming, broadcast], notes };
  } finally {
    agent.destroy();
    proxy?.kill();
    await killServers(servers);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const processes of SETUPS) {
  const { rows, notes } = await runSetup(processes);
  console.log(
    `\n${CLIENTS} signed-in clients, ${SECONDS} s idle each way, ${MESSAGES} chat messages, ${
      processes === 1 ? 'one process' : `${processes} processes behind the round-robin proxy`
    } on PostgreSQL, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.table(rows);
  for (const note of notes) console.log(`- ${note}`);
}
