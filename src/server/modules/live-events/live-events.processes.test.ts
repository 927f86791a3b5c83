import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishLive } from '@server/live/live-messages.ts';
import { type EventStreamClient, openEventStream } from '@server/test/event-stream.ts';
import { createTestUser, submissionFields } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { createScratchDatabase, type ScratchDatabase } from '@server/test/scratch-database.ts';
import {
  httpRequest,
  killServers,
  PROCESS_ADMIN,
  serverOnDatabaseEnv,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '@server/test/server-process.ts';
import { TcpProxy } from '@server/test/tcp-proxy.ts';
import { createTestApp, type TestApp } from '@server/test/test-app.ts';

/** On PostgreSQL only: the events travel between processes through LISTEN/NOTIFY. */
describe.skipIf(!process.env.DATABASE_URL)('live updates across processes (PostgreSQL)', () => {
  const servers: ServerProcess[] = [];
  const streams: EventStreamClient[] = [];
  let database: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  let proxied: TestApp | undefined;
  let proxy: TcpProxy | undefined;

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await killServers(servers);
    await proxied?.close();
    await proxy?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'events caused on process A reach the clients of process B they concern, and only those',
    { timeout: 180_000 },
    async () => {
      database = (await createScratchDatabase())!;
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-live-'));
      for (let i = 0; i < 2; i += 1) {
        const env: NodeJS.ProcessEnv = {
          ...(await serverOnDatabaseEnv(database.url, dataDir)),
          REGISTRATION_OPEN: 'true',
        };
        servers.push(spawnServer(env, Number(env.PORT)));
      }
      await Promise.all(servers.map((server) => waitUntilServing(server)));
      const [A, B] = servers.map((server) => server.baseUrl) as [string, string];

      const register = async (username: string, email: string) => {
        const answer = await httpRequest(A, 'POST', '/api/auth/register', {
          json: { username, email, password: 'author-password-1' },
        });
        expect(answer.status, answer.body.toString()).toBe(201);
        return answer.json<{ token: string; user: { _id: string } }>();
      };
      const author = await register('Trần Văn Minh', 'minh@example.org');
      const other = await register('Пётр Иванов', 'petr@example.org');
      const admin = (await httpRequest(A, 'POST', '/api/auth/login', { json: PROCESS_ADMIN })).json<{ token: string }>()
        .token;

      const ofAuthor = await openEventStream(B, '/api/events', { token: author.token });
      const ofOther = await openEventStream(B, '/api/events', { token: other.token });
      const anonymous = await openEventStream(B, '/api/events/public');
      streams.push(ofAuthor, ofOther, anonymous);
      expect([ofAuthor.status, ofOther.status, anonymous.status]).toEqual([200, 200, 200]);
      await Promise.all([ofAuthor.comment('connected'), ofOther.comment('connected'), anonymous.comment('connected')]);

      // The organiser writes to the author through A.
      const sent = await httpRequest(A, 'POST', '/api/notifications/system', {
        token: admin,
        json: { recipientId: author.user._id, title: 'Venue', message: 'The venue has changed.' },
      });
      expect(sent.status, sent.body.toString()).toBe(201);
      expect((await ofAuthor.next((event) => event.event === 'notification')).data).toEqual({ unreadCount: 1 });

      // Then to the other author: their stream hears of it, which shows the first was not theirs.
      await httpRequest(A, 'POST', '/api/notifications/system', {
        token: admin,
        json: { recipientId: other.user._id, title: 'Venue', message: 'The venue has changed.' },
      });
      await ofOther.next((event) => event.event === 'notification');
      expect(ofOther.events.map((event) => event.event)).toEqual(['notification']);
      expect(anonymous.events).toEqual([]);

      // The author asks about their paper through A: the organiser's stream on B hears of it.
      const form = multipart(submissionFields(), [{ field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes() }]);
      const submitted = await httpRequest(A, 'POST', '/api/papers/submit', {
        token: author.token,
        headers: form.headers,
        payload: form.payload,
      });
      expect(submitted.status, submitted.body.toString()).toBe(201);
      const paperId = submitted.json<{ paper: { _id: string } }>().paper._id;
      const ofAdmin = await openEventStream(B, '/api/events', { token: admin });
      streams.push(ofAdmin);
      await ofAdmin.comment('connected');
      const question = multipart({ message: 'Czy limit to cztery strony?' });
      const asked = await httpRequest(A, 'POST', `/api/chat/papers/${paperId}/messages`, {
        token: author.token,
        headers: question.headers,
        payload: question.payload,
      });
      expect(asked.status, asked.body.toString()).toBe(201);
      expect((await ofAdmin.next((event) => event.event === 'chat')).data).toEqual({
        paperId,
        unreadCount: 1,
        totalUnread: 1,
      });

      // The programme published through A reaches everyone on B, anonymous visitors too: last,
      // so each stream has had by then all it will get.
      const draft = await httpRequest(A, 'GET', '/api/admin/programme', { token: admin });
      const { version } = draft.json<{ programme: { version: number } }>().programme;
      const published = await httpRequest(A, 'POST', '/api/admin/programme/publish', {
        token: admin,
        json: { version, confirmWarnings: true },
      });
      expect(published.status, published.body.toString()).toBe(200);
      for (const stream of [ofAuthor, ofOther, anonymous, ofAdmin])
        await stream.next((event) => event.event === 'programme');
      expect(ofOther.events.map((event) => event.event)).toEqual(['notification', 'programme']);
      expect(anonymous.events.map((event) => event.event)).toEqual(['programme']);
    },
  );

  it(
    'tells its clients to resync after its listening connection was cut, and goes on delivering',
    { timeout: 120_000 },
    async () => {
      const server = new URL(process.env.DATABASE_URL!);
      proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      await proxy.open();
      const own = (await createScratchDatabase())!;
      const through = new URL(own.url);
      through.port = String(proxy.port);
      proxied = await createTestApp({ databaseUrl: through.toString() });
      const dropOwn = proxied.close.bind(proxied);
      proxied.close = async () => {
        await dropOwn();
        await own.drop();
      };
      await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (proxied.app.server.address() as { port: number }).port;
      const user = await createTestUser(proxied.app);
      const stream = await openEventStream(`http://127.0.0.1:${port}${proxied.config.basePath}`, '/api/events', {
        token: user.token,
      });
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.comment('connected');

      // The database's connections are cut and come back: NOTIFYs sent meanwhile would be lost.
      await proxy.close();
      await proxy.open();
      await stream.next((event) => event.event === 'resync', 30_000);

      const paperId = '00000000-0000-4000-8000-00000000000a';
      await publishLive(proxied.app.ctx.db, { kind: 'paper', paperId, userIds: [user.user._id] });
      expect((await stream.next((event) => event.event === 'paper', 30_000)).data).toEqual({ paperId });
    },
  );
});
