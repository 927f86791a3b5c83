import http from 'node:http';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { submissionFields } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { s3Env, startTestS3Server, type TestS3Server } from '../test/s3.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import {
  type HttpAnswer,
  httpRequest,
  killServers,
  PROCESS_ADMIN,
  serverOnDatabaseEnv,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../test/server-process.ts';

const PASSWORD = 'author-password-1';
/** A real PDF of about this many bytes. */
const pdfOf = (bytes: number, label: string) =>
  Buffer.concat([pdfBytes(label), Buffer.alloc(bytes - pdfBytes(label).length, 0x20)]);

/**
 * Two processes of the site as they run behind nginx: one PostgreSQL database, one S3 bucket,
 * one DATA_DIR between them (for the upload spool), one slow mail server. Each step goes through
 * the process it names, A or B, and must behave exactly as with one process.
 */
describe.skipIf(!process.env.DATABASE_URL)('two processes behind one proxy', () => {
  let database: ScratchDatabase;
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  let dataDir: string;
  let tool: Database;
  const envs: NodeJS.ProcessEnv[] = [];
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = (await createScratchDatabase())!;
    s3 = await startTestS3Server();
    // A second a mail: while one process sends, the other is ready to claim.
    smtp = await startTestSmtpServer(0, { delayMs: 1000 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-two-'));
    for (let i = 0; i < 2; i += 1) {
      envs.push({
        ...(await serverOnDatabaseEnv(database.url, dataDir)),
        REGISTRATION_OPEN: 'true',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'ICTACEM 2025 <no-reply@ictacem.test>',
        ...s3Env(s3.fileStore),
      });
    }
  });

  afterAll(async () => {
    await killServers(servers);
    await tool?.close();
    await smtp?.close();
    await s3?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'signs up, submits, chats, reviews, resets, re-uploads and signs out across both',
    { timeout: 180_000 },
    async () => {
      // Both start together on the empty database.
      servers.push(...envs.map((env) => spawnServer(env, Number(env.PORT))));
      await Promise.all(servers.map((server) => waitUntilServing(server)));
      const A = () => servers[0]!.baseUrl;
      const B = () => servers[1]!.baseUrl;
      const ok = (answer: HttpAnswer, status = 200) => {
        expect(answer.status, answer.body.toString()).toBe(status);
        return answer.json<Record<string, unknown>>();
      };
      const upload = (base: string, url: string, token: string, body: ReturnType<typeof multipart>) =>
        httpRequest(base, 'POST', url, { token, headers: body.headers, payload: body.payload });

      // Sign-up on A, sign-in on B; the admin signs in on B.
      const registered = ok(
        await httpRequest(A(), 'POST', '/api/auth/register', {
          json: { username: 'Ada Two', email: 'ada.two@example.org', password: PASSWORD },
        }),
        201,
      );
      expect(registered.token).toEqual(expect.any(String));
      const author = ok(
        await httpRequest(B(), 'POST', '/api/auth/login', {
          json: { email: 'ada.two@example.org', password: PASSWORD },
        }),
      ).token as string;
      const admin = ok(await httpRequest(B(), 'POST', '/api/auth/login', { json: PROCESS_ADMIN })).token as string;
      const stats = async (base: string) =>
        (ok(await httpRequest(base, 'GET', '/api/admin/stats', { token: admin })).stats as { total: number }).total;
      expect(await stats(B())).toBe(0);

      // Submission through A; B's statistics (just read, so cached if anything were) count it at once.
      const abstract = pdfOf(200_000, 'abstract v1');
      const submitted = ok(
        await upload(
          A(),
          '/api/papers/submit',
          author,
          multipart(submissionFields(), [{ field: 'paperPdf', name: 'abstract.pdf', content: abstract }]),
        ),
        201,
      );
      const paperId = (submitted.paper as { _id: string })._id;
      expect(await stats(B())).toBe(1);
      // Uploaded through A, downloaded through B, by byte range too.
      const whole = await httpRequest(B(), 'GET', `/api/papers/view/${paperId}`, { token: author });
      expect(whole.status).toBe(200);
      expect(whole.body.equals(abstract)).toBe(true);
      const part = await httpRequest(B(), 'GET', `/api/papers/view/${paperId}`, {
        token: author,
        headers: { range: 'bytes=100-199' },
      });
      expect(part.status).toBe(206);
      expect(part.body.equals(abstract.subarray(100, 200))).toBe(true);

      // Chat with an attachment on B, read and downloaded by the admin on A.
      const figure = pdfOf(50_000, 'figure');
      ok(
        await upload(
          B(),
          `/api/chat/papers/${paperId}/messages`,
          author,
          multipart({ message: 'Figure attached' }, [{ field: 'attachments', name: 'figure.pdf', content: figure }]),
        ),
        201,
      );
      const messages = ok(await httpRequest(A(), 'GET', `/api/chat/papers/${paperId}/messages`, { token: admin }))
        .messages as { attachments: { downloadUrl: string }[] }[];
      const attachment = await httpRequest(
        `http://127.0.0.1:${envs[0]!.PORT}`,
        'GET',
        messages[0]!.attachments[0]!.downloadUrl,
        { token: admin },
      );
      expect(attachment.status).toBe(200);
      expect(attachment.body.equals(figure)).toBe(true);

      // Review on A; reset on B; re-upload on A while B is the one to show it.
      ok(
        await httpRequest(A(), 'PUT', `/api/admin/papers/${paperId}/status`, {
          token: admin,
          json: { status: 'author_response_awaited', review: 'Please use the template.' },
        }),
      );
      ok(
        await httpRequest(B(), 'PUT', `/api/admin/papers/${paperId}/toggle-abstract`, {
          token: admin,
          json: { resetAbstract: true, reason: 'Wrong template' },
        }),
      );
      const second = pdfOf(120_000, 'abstract v2');
      ok(
        await upload(
          A(),
          `/api/papers/${paperId}/re-upload-abstract`,
          author,
          multipart({}, [{ field: 'paperPdf', name: 'v2.pdf', content: second }]),
        ),
      );
      const shown = await httpRequest(B(), 'GET', `/api/papers/view/${paperId}`, { token: author });
      expect(shown.body.equals(second)).toBe(true);

      // Restarting A does not break an upload in flight on B (they share the upload spool).
      const other = ok(
        await httpRequest(A(), 'POST', '/api/auth/register', {
          json: { username: 'Bea Two', email: 'bea.two@example.org', password: PASSWORD },
        }),
        201,
      ).token as string;
      const inFlight = startUploadInTwoHalves(
        B(),
        '/api/papers/submit',
        other,
        multipart(submissionFields({ title: 'Sent while A restarts' }), [
          { field: 'paperPdf', name: 'slow.pdf', content: pdfOf(3_000_000, 'slow') },
        ]),
      );
      const spool = path.join(dataDir, 'upload-spool');
      await expect
        .poll(async () => {
          const names = await readdir(spool).catch(() => [] as string[]);
          const sizes = await Promise.all(names.map(async (n) => (await stat(path.join(spool, n))).size));
          return sizes.some((size) => size > 0);
        })
        .toBe(true);
      servers[0]!.child.kill('SIGTERM');
      expect((await servers[0]!.exited).code).toBe(0);
      servers[0] = spawnServer(envs[0]!, Number(envs[0]!.PORT));
      await waitUntilServing(servers[0]);
      const finished = await inFlight.finish();
      expect(finished.status, finished.body.toString()).toBe(201);
      expect(await stats(A())).toBe(2);

      // Sign-in failures count on both: three wrong passwords, then the fourth try is slowed down wherever it goes.
      for (const base of [A(), B(), A()]) {
        const wrong = await httpRequest(base, 'POST', '/api/auth/login', {
          json: { email: 'bea.two@example.org', password: 'wrong-password' },
        });
        expect(wrong.status).toBe(401);
      }
      const fourth = await httpRequest(B(), 'POST', '/api/auth/login', {
        json: { email: 'bea.two@example.org', password: 'wrong-password' },
      });
      expect(fourth.status, fourth.body.toString()).toBe(429);

      // Signed out on A: the same token is refused by B at once, a write included.
      ok(await httpRequest(A(), 'POST', '/api/auth/logout', { token: author }));
      const afterLogout = await httpRequest(B(), 'GET', '/api/papers/user', { token: author });
      expect(afterLogout.status).toBe(401);
      const writeAfterLogout = await httpRequest(B(), 'PATCH', `/api/papers/${paperId}/payment`, {
        token: author,
        json: { paymentId: 'PAY-1' },
      });
      expect(writeAfterLogout.status).toBe(401);

      // Every notification mail is delivered exactly once, though both processes send.
      tool = await openDatabase({ databaseUrl: database.url, dataDir });
      await expect
        .poll(async () => (await tool.db.select().from(mailOutbox)).every((m) => m.status === 'sent'), {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(true);
      const outbox = await tool.db.select().from(mailOutbox);
      expect(outbox.length).toBeGreaterThanOrEqual(2);
      const delivered = smtp.inbox.map(({ raw }) => /^Message-ID: <([^@>]+)@ictacem\.test>/im.exec(raw)?.[1]);
      expect(delivered.sort()).toEqual(outbox.map((m) => m.id).sort());
      expect(outbox.map((m) => m.attempts)).toEqual(outbox.map(() => 1));
    },
  );
});

/** Sends the first half of a request body now and the rest when asked: an upload still arriving. */
function startUploadInTwoHalves(
  baseUrl: string,
  url: string,
  token: string,
  body: ReturnType<typeof multipart>,
): { finish(): Promise<{ status: number; body: Buffer }> } {
  const request = http.request(`${baseUrl}${url}`, {
    method: 'POST',
    agent: false,
    headers: {
      ...body.headers,
      authorization: `Bearer ${token}`,
      'content-length': String(body.payload.length),
    },
  });
  const answer = new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.payload.length / 2);
  request.write(body.payload.subarray(0, half));
  return {
    finish() {
      request.end(body.payload.subarray(half));
      return answer;
    },
  };
}
