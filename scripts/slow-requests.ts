// Slow-request drill: starts the real server on a temporary data directory and opens many
// connections on loopback that send their headers and the start of a body, then stall. They
// post to a public route without a rate limit (logout), so nothing refuses them early: only
// the server's idle timeout can end them. It
// measures how long the server holds them (its idle timeout should shed them) and how fast it
// answers a normal request meanwhile.
//   npm run slow-requests                       (500 stalled connections)
//   npm run slow-requests -- --connections 200
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { HTTP_TIMEOUTS } from '@server/lib/http-timeouts.ts';
import { freePort } from '@server/test/net.ts';
import { httpRequest, spawnServer, waitUntilServing } from '@server/test/server-process.ts';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '500' } } });
const connections = Number(values.connections);
if (!Number.isInteger(connections) || connections < 1 || connections > 2000) {
  console.error('--connections must be a whole number from 1 to 2000 (this drill runs on loopback only).');
  process.exit(2);
}
/** Past this, a connection still open counts as held forever. */
const GIVE_UP_MS = HTTP_TIMEOUTS.idleMs * 3;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function stallMidBody(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /ictacem2025/api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{"email":"',
      );
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, GIVE_UP_MS);
    // Whatever the server answers is read and dropped, so its closing the connection is seen.
    socket.resume();
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve(performance.now() - started);
    });
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-slow-'));
const port = await freePort();
const server = spawnServer(
  {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
  },
  port,
);
try {
  await waitUntilServing(server);
  console.error(
    `Opening ${connections} connections that stall mid-body (server idle timeout ${HTTP_TIMEOUTS.idleMs / 1000} s)...`,
  );
  const stalled = Array.from({ length: connections }, () => stallMidBody(port));
  let done = false;
  const lifetimes = Promise.all(stalled).finally(() => (done = true));

  // A normal visitor meanwhile: the health route, four times a second, until every stalled connection is gone.
  const latencies: number[] = [];
  let failures = 0;
  while (!done) {
    const started = performance.now();
    const answer = await httpRequest(server.baseUrl, 'GET', '/api/health').catch(() => null);
    if (answer?.status === 200) latencies.push(performance.now() - started);
    else failures += 1;
    await sleep(250);
  }

  const held = (await lifetimes).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  const neverShed = connections - held.length;
  latencies.sort((a, b) => a - b);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const msText = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `Stalled connections: ${connections}; shed by the server: ${held.length}; still open after ${s(GIVE_UP_MS)}: ${neverShed}`,
  );
  if (held.length > 0)
    console.log(`Held for: min ${s(held[0]!)}, median ${s(percentile(held, 50))}, max ${s(held.at(-1)!)}`);
  console.log(
    `Normal requests meanwhile: ${latencies.length} answered, ${failures} failed; latency median ${msText(percentile(latencies, 50))}, ` +
      `p99 ${msText(percentile(latencies, 99))}, max ${msText(latencies.at(-1)!)}`,
  );
  const ok = neverShed === 0 && failures === 0 && latencies.at(-1)! < 1000;
  console.log(ok ? 'PASS: every stalled connection was shed and normal requests stayed under a second.' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
}
