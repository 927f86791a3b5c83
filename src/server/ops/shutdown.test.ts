// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// The embedded database's shutdown.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDirOf } from '../storage/local-file-store.ts';
import { submissionFields } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { freePort } from '../test/net.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { httpRequest, killServers, type ServerProcess, spawnServer, waitUntilServing } from '../test/server-process.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a supervisor allows before it kills the process (systemd's TimeoutStopSec in docs/operations.md). */
const SUPERVISOR_TIMEOUT_MS = 10_000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A multipart upload sent in chunks with pauses, as from a slow link. `beforeChunk(i)` runs
 * before chunk i is written; the answer comes once the server has replied.
 */
function slowUpload(
  url: string,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
  chunks: number,
  pauseMs: number,
  beforeChunk: (index: number) => Promise<void> | void = () => undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': String(body.payload.length) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    void (async () => {
      const size = Math.ceil(body.payload.length / chunks);
      for (let i = 0; i < chunks; i += 1) {
        await beforeChunk(i);
        request.write(body.payload.subarray(i * size, (i + 1) * size));
        await pause(pauseMs);
      }
      request.end();
    })().catch(reject);
  });
}

/** A raw connection to the server, to see exactly what happens to it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

/** Every stored upload (not temporary files), by SHA-256. */
async function storedFileHashes(dataDir: string): Promise<string[]> {
  const filesDir = filesDirOf(dataDir);
  const hashes: string[] = [];
  for (const shard of await readdir(filesDir).catch(() => [] as string[])) {
    if (shard === 'tmp') continue;
    for (const name of await readdir(path.join(filesDir, shard)))
      hashes.push(sha256(await readFile(path.join(filesDir, shard, name))));
  }
  return hashes;
}

describe('a server asked to stop (SIGTERM)', () => {
  let dataDir: string;
  let database: ScratchDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-shutdown-'));
    database = await createScratchDatabase();
    port = await freePort();
    const { DATABASE_URL: _suiteDatabase, SMTP_URL: _smtp, ...inherited } = process.env;
    env = {
      ...inherited,
      ...(database ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_MFA_REQUIRED: 'false',
      REGISTRATION_OPEN: 'true',
      IP_RATE_LIMIT_FACTOR: '50',
      LOG_LEVEL: 'info',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    };
  });

  afterAll(async () => {
    await killServers([server]);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    server = spawnServer(env, port);
    await waitUntilServing(server);
    return server;
  }

  /** Sends the signal and waits for the exit; how long it took. */
  async function stop(running: ServerProcess) {
    const sentAt = performance.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    return { ...exit, ms: performance.now() - sentAt };
  }

  // Three real server starts on a busy machine.
  it(
    'lets an upload in flight finish, refuses new work, exits 0 within the supervisor timeout; gives up after the grace period',
    { timeout: 120_000 },
    async () => {
      let running = await start();
      const base = running.baseUrl;
      const registered = await httpRequest(base, 'POST', '/api/auth/register', {
        json: { username: 'Slow Uploader', email: 'slow.uploader@example.org', password: 'author-password' },
      });
      expect(registered.status, registered.body.toString()).toBe(201);
      const token = registered.json<{ token: string }>().token;

      // An idle kept-alive connection (one request answered, the socket left open) ...
      const idle = rawConnection(port);
      await idle.connected;
      idle.socket.write(`GET /ictacem2025/api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await expect.poll(() => idle.received(), { timeout: 5000 }).toMatch(/^HTTP\/1\.1 200 /);
      // ... and a kept-alive connection whose next request is half sent when the signal comes.
      const halfSent = rawConnection(port);
      await halfSent.connected;

      const pdf = Buffer.concat([pdfBytes('sent slowly'), Buffer.alloc(400 * 1024, 0x20)]);
      const body = multipart(submissionFields(), [{ field: 'paperPdf', name: 'abstract.pdf', content: pdf }]);
      let signalled: { at: number } | undefined;
      let afterSignal: { newConnection: string; idleClosed: boolean } | undefined;
      const upload = slowUpload(`${base}/api/papers/submit`, token, body, 20, 150, async (index) => {
        if (index !== 6) return;
        // The server is writing the file when the signal comes.
        const tmpDir = path.join(filesDirOf(dataDir), 'tmp');
        const sizes = async () =>
          Promise.all((await readdir(tmpDir)).map(async (name) => (await stat(path.join(tmpDir, name))).size));
        await expect.poll(async () => (await sizes().catch(() => [0]))[0] ?? 0).toBeGreaterThan(0);
        halfSent.socket.write(`GET /ictacem2025/api/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
        await pause(50);
        running.child.kill('SIGTERM');
        signalled = { at: performance.now() };
        await pause(300);
        halfSent.socket.write('\r\n');
        // A new connection is refused, or answered 503; never served.
        const fresh = await httpRequest(base, 'GET', '/api/health/ready').then(
          (answer) => `status ${answer.status}`,
          (error: NodeJS.ErrnoException) => error.code ?? String(error),
        );
        afterSignal = { newConnection: fresh, idleClosed: idle.socket.destroyed || idle.socket.readableEnded };
      });

      const answer = await upload;
      const uploadDoneAt = performance.now();
      expect(answer.status, answer.body).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ success: true, paper: { title: submissionFields().title } });
      expect(answer.headers.connection).toBe('close');
      expect(signalled).toBeDefined();
      // The signal came while the upload was still arriving: more than a second of it was left.
      expect(uploadDoneAt - signalled!.at).toBeGreaterThan(1000);

      expect(afterSignal!.newConnection).toMatch(/^(ECONNREFUSED|ECONNRESET|status 503)$/);
      // The idle connection was closed at once: it does not hold the shutdown.
      expect(afterSignal!.idleClosed).toBe(true);
      // The half-sent request, completed after the signal, is refused in the app's own format.
      await halfSent.closed;
      expect(halfSent.received()).toMatch(/^HTTP\/1\.1 503 /);
      expect(halfSent.received()).toMatch(/\r\nconnection: close\r\n/i);
      expect(halfSent.received()).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(halfSent.received()).toContain('"success":false');

      const exit = await running.exited;
      const stoppedMs = performance.now() - signalled!.at;
      expect(exit, running.output()).toEqual({ code: 0, signal: null });
      expect(stoppedMs).toBeLessThan(SUPERVISOR_TIMEOUT_MS);
      expect(running.output()).toMatch(/SIGTERM received: refusing new requests, finishing 1 running/);
      expect(running.output()).toMatch(/closed in \d+ ms/);
      expect(await storedFileHashes(dataDir)).toEqual([sha256(pdf)]);
      console.info(
        `SIGTERM mid-upload: upload answered ${Math.round(uploadDoneAt - signalled!.at)} ms after the signal, ` +
          `process exited after ${Math.round(stoppedMs)} ms`,
      );

      // The next start finds the paper with its file, and a stop with nothing running is quick.
      running = await start();
      const papers = await httpRequest(running.baseUrl, 'GET', '/api/papers/user', { token });
      expect(papers.status).toBe(200);
      const [paper] = papers.json<{ _id: string }[]>() as unknown as { _id: string }[];
      const view = await httpRequest(running.baseUrl, 'GET', `/api/papers/view/${paper!._id}`, { token });
      expect(sha256(view.body)).toBe(sha256(pdf));
      const idleStop = await stop(running);
      expect(idleStop.code).toBe(0);
      expect(idleStop.ms).toBeLessThan(3000);
      console.info(`SIGTERM with nothing running: exited after ${Math.round(idleStop.ms)} ms`);

      // An upload that never finishes: the server gives up after its grace period, says so, exits 1.
      running = await start();
      // (The author has their one paper now: the upload goes to its chat.)
      const attachment = multipart({ message: 'never finished' }, [
        { field: 'attachments', name: 'figure.pdf', content: pdf },
      ]);
      const stalled = http.request(`${running.baseUrl}/api/chat/papers/${paper!._id}/messages`, {
        method: 'POST',
        agent: false,
        headers: {
          ...attachment.headers,
          authorization: `Bearer ${token}`,
          'content-length': String(attachment.payload.length),
        },
      });
      stalled.on('error', () => undefined);
      stalled.write(attachment.payload.subarray(0, attachment.payload.length / 2));
      await pause(500);
      const forced = await stop(running);
      stalled.destroy();
      expect(forced.code, running.output()).toBe(1);
      expect(forced.ms).toBeGreaterThan(5000);
      expect(forced.ms).toBeLessThan(SUPERVISOR_TIMEOUT_MS);
      expect(running.output()).toMatch(/shutdown still busy after \d+ ms/);
      expect(running.output()).toMatch(/refusing new requests, finishing 1 running/);
      expect(running.output()).toContain(`/ictacem2025/api/chat/papers/${paper!._id}/messages`);
      console.info(`SIGTERM with an upload that never ends: exited 1 after ${Math.round(forced.ms)} ms`);
    },
  );
});
