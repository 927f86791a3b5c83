import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { DB_CONNECT_TIMEOUT_MS } from '../db/client.ts';
import { SERVICE_UNAVAILABLE } from '../plugins/errors.ts';
import { filesDirOf } from '../storage/local-file-store.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { TcpProxy } from '../test/tcp-proxy.ts';
import { API } from '../test/test-app.ts';
import { checkIntegrity } from './integrity.ts';
import { OPEN_DEADLINES } from '../test/open-deadlines.ts';

/** Fails with a clear message instead of letting a hanging request run into the test timeout. */
async function answersWithin<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} hung: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, hang]);
  } finally {
    clearTimeout(timer);
  }
}

// An outage of the embedded database is a crash of the server itself (crash.test.ts); this
// needs a PostgreSQL server, so it runs in the suite's PostgreSQL pass.
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL unavailable', () => {
  let database: ScratchDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let dataDir: string;
  let author: TestUser;
  let paperId: string;

  beforeAll(async () => {
    database = (await createScratchDatabase())!;
    const real = new URL(database.url);
    proxy = new TcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    await proxy.open();
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-outage-'));
    const config: AppConfig = {
      conference: DEFAULT_CONFERENCE,
      port: 0,
      host: '127.0.0.1',
      basePath: '/ictacem2025',
      dataDir,
      databaseUrl: proxied.toString(),
      publicUrl: 'http://localhost:3000',
      mailFrom: 'ICTACEM 2025 <no-reply@ictacem.test>',
      registrationOpen: true,
      adminMfaRequired: true,
      reviewerMfaRequired: false,
      ipRateLimitFactor: 1,
      production: false,
      userStorageQuotaBytes: 100 * 1024 * 1024,
      minFreeDiskBytes: 0,
      logRequests: false,
      logLevel: 'silent',
      fileStore: { kind: 'local' },
      documents: loadConfig({}).documents,
      conferenceDates: OPEN_DEADLINES,
      deadlineGraceMs: 0,
    };
    app = await buildApp(config);
    await app.ready();
    author = await createTestUser(app);
    paperId = (await createTestPaper(app, author))._id;
  });

  afterAll(async () => {
    await proxy.open().catch(() => undefined);
    await app.close();
    await proxy.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const health = () => app.inject({ method: 'GET', url: `${API}/health/ready` });
  const alive = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `${API}/health`, headers });
  const messagesUrl = () => `${API}/chat/papers/${paperId}/messages`;
  const post = (text: string) => {
    const body = multipart({ message: text });
    return app.inject({
      method: 'POST',
      url: messagesUrl(),
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
  };
  const messageTexts = async () =>
    (
      (await app.inject({ method: 'GET', url: messagesUrl(), headers: { cookie: author.cookie } })).json().messages as {
        message: string;
      }[]
    ).map((m) => m.message);
  const recovered = () =>
    expect.poll(async () => (await health()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);

  it('answers 503 at once while the database is down, saves nothing it did not confirm, and recovers', async () => {
    expect((await health()).json()).toEqual({ success: true, database: 'ok' });
    expect((await post('before the outage')).statusCode).toBe(201);

    await proxy.close();
    const down = await answersWithin('health check', 15_000, health());
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE, database: 'unreachable' });
    // The readiness check reads no session: a cookie sent along changes nothing.
    const downSignedIn = await answersWithin(
      'readiness check with a session',
      15_000,
      app.inject({ method: 'GET', url: `${API}/health/ready`, headers: { cookie: author.cookie } }),
    );
    expect(downSignedIn.statusCode).toBe(503);
    expect(downSignedIn.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE, database: 'unreachable' });
    // The process itself is alive: a supervisor must not restart it over a database outage.
    for (const headers of [{}, { cookie: author.cookie }] as Record<string, string>[]) {
      const live = await answersWithin('liveness check', 5_000, alive(headers));
      expect([live.statusCode, live.json()]).toEqual([200, { success: true }]);
    }

    const failedWrite = await answersWithin('chat message', 15_000, post('during the outage'));
    expect(failedWrite.statusCode).toBe(503);
    expect(failedWrite.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE });
    expect(failedWrite.headers['retry-after']).toBeDefined();
    // A sign-in is refused as unavailable, never as a wrong password.
    const login = await answersWithin(
      'login',
      15_000,
      app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: author.email, password: author.password },
      }),
    );
    expect(login.statusCode).toBe(503);

    await proxy.open();
    await recovered();
    expect(await messageTexts()).toEqual(['before the outage']);
    expect((await post('after the outage')).statusCode).toBe(201);
    expect(await messageTexts()).toEqual(['before the outage', 'after the outage']);
  });

  it('reports an upload whose database write failed as failed and keeps none of its bytes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const body = multipart({ message: 'with a file' }, [
      { field: 'attachments', name: 'figure.pdf', content: Buffer.concat([pdfBytes(), Buffer.alloc(64 * 1024)]) },
    ]);
    const cut = body.payload.length - 1024;
    const upload = app.inject({
      method: 'POST',
      url: messagesUrl(),
      headers: { ...body.headers, cookie: author.cookie },
      payload: Readable.from(
        (async function* () {
          yield body.payload.subarray(0, cut);
          await held;
          yield body.payload.subarray(cut);
        })(),
      ),
    });
    const tmpDir = path.join(filesDirOf(dataDir), 'tmp');
    await expect.poll(async () => (await readdir(tmpDir).catch(() => [])).length, { timeout: 10_000 }).toBe(1);
    // The database goes away while the file is still arriving.
    await proxy.close();
    release();
    const answer = await answersWithin('upload', 15_000, upload);
    expect(answer.statusCode).toBe(503);

    await proxy.open();
    await recovered();
    expect(await messageTexts()).not.toContain('with a file');
    const report = await checkIntegrity({ db: app.ctx.db, store: app.ctx.store, exclusive: true });
    expect(report.problems).toEqual([]);
    expect(report.sweptTempFiles).toEqual([]);
  });

  it('answers 503 within the connection timeout when the database accepts connections but never answers', async () => {
    proxy.stall();
    const [stalled, write] = await answersWithin(
      'requests against a silent database',
      DB_CONNECT_TIMEOUT_MS + 10_000,
      Promise.all([health(), post('into the silence')]),
    );
    expect(stalled.statusCode).toBe(503);
    expect(write.statusCode).toBe(503);

    await proxy.close();
    await proxy.open();
    await recovered();
    expect(await messageTexts()).not.toContain('into the silence');
  });
});
