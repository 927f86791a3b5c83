// Live updates against the spec's polling, side by side in one run, on PostgreSQL:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live -- --clients 1000 --seconds 60
// One server process (src/server/main.ts, as `npm start` runs it) on a scratch database. N signed-in
// clients stay idle for the period twice: first polling (the bell's and the chat badges' counts,
// each every 30 s, their phases spread over the 30 s as real tabs' are), then each holding one
// event stream (GET /api/events). For each: requests per minute, the server's CPU seconds (from
// /proc), its RSS at the end, and the latency of chat messages from the organiser's POST to the
// author seeing them (the poll that first shows the unread count, or the stream's `chat` event).
// A bare baseline is measured first: the same process idle with no client.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashToken } from '@server/lib/tokens.ts';
import { openEventStream } from '@server/test/event-stream.ts';
import { submissionFields } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { createScratchDatabase } from '@server/test/scratch-database.ts';
import {
  httpRequest,
  killServers,
  PROCESS_ADMIN,
  serverOnDatabaseEnv,
  spawnServer,
  waitUntilServing,
} from '@server/test/server-process.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    messages: { type: 'string', default: '40' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const MESSAGES = Number(values.messages);
const POLL_MS = 30_000;
/** Authors with a paper the organiser writes to (the rest only keep a tab open). */
const CHATTING = 5;

if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the scratch database is made there).');
const database = (await createScratchDatabase())!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-live-'));
const env: NodeJS.ProcessEnv = {
  ...(await serverOnDatabaseEnv(database.url, dataDir)),
  REGISTRATION_OPEN: 'true',
  // Every client comes from this one address: its allowances scaled as behind a university's NAT.
  IP_RATE_LIMIT_FACTOR: String(Math.max(1, Math.ceil(CLIENTS / 50))),
  LOG_LEVEL: 'error',
};
const server = spawnServer(env, Number(env.PORT));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
async function rssMb(pid: number): Promise<number> {
  const line = (await readFile(`/proc/${pid}/status`, 'utf8')).split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function get(base: string, url: string, token: string): Promise<{ status: number; body: string }> {
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

try {
  await waitUntilServing(server);
  const base = server.baseUrl;
  const pid = server.child.pid!;

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
  const admin = (await httpRequest(base, 'POST', '/api/auth/login', { json: PROCESS_ADMIN })).json<{ token: string }>()
    .token;
  const tokens = [...chatting.map((c) => c.token), ...idleTokens];

  /** The organiser writes to one of the chatting authors every so often over the period. */
  async function sendMessages(onSent: (author: number, at: number) => void) {
    for (let m = 0; m < MESSAGES; m += 1) {
      await sleep((SECONDS * 1000) / (MESSAGES + 1));
      const author = m % CHATTING;
      const body = multipart({ message: `Message ${m}` });
      const at = performance.now();
      await httpRequest(base, 'POST', `/api/chat/papers/${chatting[author]!.paperId}/messages`, {
        token: admin,
        headers: body.headers,
        payload: body.payload,
      });
      onSent(author, at);
    }
  }

  async function measure(label: string, run: () => Promise<{ requests: number; latencies: number[] }>) {
    await sleep(2000);
    const cpu0 = await cpuSeconds(pid);
    const { requests, latencies } = await run();
    const cpu = (await cpuSeconds(pid)) - cpu0;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      label,
      requestsPerMinute: Math.round((requests / SECONDS) * 60),
      cpuSeconds: Number(cpu.toFixed(2)),
      rssMb: Number((await rssMb(pid)).toFixed(1)),
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      delivered: `${latencies.length}/${label === 'baseline (no clients)' ? 0 : MESSAGES}`,
    };
  }

  const baseline = await measure('baseline (no clients)', async () => {
    await sleep(SECONDS * 1000);
    return { requests: 0, latencies: [] };
  });

  const polling = await measure('polling every 30 s (spec)', async () => {
    let requests = 0;
    let stopped = false;
    const latencies: number[] = [];
    const pending = new Map<number, number[]>();
    const pollers = tokens.map(async (token, index) => {
      await sleep((index / tokens.length) * POLL_MS);
      while (!stopped) {
        const polledAt = performance.now();
        const [bell, chat] = await Promise.all([
          get(base, '/api/notifications/unread-count', token),
          get(base, '/api/chat/unread-counts', token),
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
        await sleep(POLL_MS - (performance.now() - polledAt));
      }
    });
    await sendMessages((author, at) => pending.set(author, [...(pending.get(author) ?? []), at]));
    await sleep(POLL_MS);
    stopped = true;
    await Promise.all(pollers);
    // Requests are counted over the period plus the last 30 s that let the last messages arrive.
    return { requests: Math.round((requests * SECONDS) / (SECONDS + POLL_MS / 1000)), latencies };
  });

  const rssBeforeStreams = await rssMb(pid);
  const streaming = await measure('one event stream per client', async () => {
    const streams = [];
    for (let i = 0; i < tokens.length; i += 50)
      streams.push(
        ...(await Promise.all(tokens.slice(i, i + 50).map((token) => openEventStream(base, '/api/events', { token })))),
      );
    const opened = streams.filter((stream) => stream.status === 200).length;
    if (opened !== tokens.length) throw new Error(`only ${opened} of ${tokens.length} streams opened`);
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
    const memoryPerStreamKb = (((await rssMb(pid)) - rssBeforeStreams) * 1024) / tokens.length;
    // RSS moves with the collector too (after the polling phase it may shrink): a bound, not a measure.
    console.log(`RSS growth while ${tokens.length} streams are open, per stream: ${memoryPerStreamKb.toFixed(1)} kB`);
    for (const stream of streams) stream.close();
    // Once open, a stream costs no request: the one per client that opened it is reported apart.
    console.log(`stream opens: ${tokens.length} (one per client, before the period)`);
    return { requests: 0, latencies };
  });

  console.log(
    `\n${CLIENTS} signed-in clients, ${SECONDS} s idle each way, ${MESSAGES} chat messages, one process on PostgreSQL`,
  );
  console.table([baseline, polling, streaming]);
} finally {
  agent.destroy();
  await killServers([server]);
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
