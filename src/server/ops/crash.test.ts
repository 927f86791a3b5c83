// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// A backup taken through the running embedded server's socket.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_STATUSES } from '@shared/constants.ts';
import { filesDirOf } from '../storage/local-file-store.ts';
import { freshTotpCode, submissionFields, TEST_TOTP_SECRET } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { freePort } from '../test/net.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import {
  type HttpAnswer,
  httpRequest,
  killServers,
  runScript,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../test/server-process.ts';
import { readBackupManifest } from './backup.ts';
import { UPLOAD_IN_PROGRESS_MS } from '../storage/file-store.ts';

const ADMIN = { email: 'chief@example.org', password: 'organiser-password' };
const bigPdf = (label: string) => Buffer.concat([pdfBytes(label), Buffer.alloc(256 * 1024, 0x20)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Starts an upload and never finishes it: the head of the body and half of the file are sent,
 * then the connection stays open, so the server is mid-way through writing the file.
 */
function startEndlessUpload(
  baseUrl: string,
  urlPath: string,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
) {
  const request = http.request(`${baseUrl}${urlPath}`, {
    method: 'POST',
    agent: false,
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': String(body.payload.length) },
  });
  // The server is killed under it: the reset is what is expected.
  request.on('error', () => undefined);
  request.write(body.payload.subarray(0, body.payload.length / 2));
  return request;
}

/** SHA-256 of every uploaded file inside a backup archive. */
async function archivedFileHashes(archive: string): Promise<string[]> {
  const hashes: string[] = [];
  await tar.t({
    file: archive,
    onReadEntry: (entry) => {
      if (entry.type !== 'File' || !entry.path.startsWith('files/')) return entry.resume();
      const hash = createHash('sha256');
      entry.on('data', (chunk: Buffer) => hash.update(chunk));
      entry.on('end', () => hashes.push(hash.digest('hex')));
    },
  });
  return hashes;
}

/** An admin changing a paper's status over and over, counting what was sent and what was confirmed. */
function statusChanger(baseUrl: string, token: string, paperId: string) {
  const state = { sent: 0, confirmed: 0, pending: false, stopped: false };
  const done = (async () => {
    for (let i = 0; !state.stopped; i += 1) {
      state.sent += 1;
      state.pending = true;
      const answer = await httpRequest(baseUrl, 'PATCH', `/api/admin/papers/${paperId}/status`, {
        token,
        json: { status: PAPER_STATUSES[i % PAPER_STATUSES.length], review: `Round ${i}` },
      }).catch(() => null);
      state.pending = false;
      if (!answer) return; // the server is gone
      if (answer.status === 200) state.confirmed += 1;
    }
  })();
  return { state, done };
}

describe('a server killed mid-write (SIGKILL) restarts with consistent data', () => {
  let dataDir: string;
  let database: ScratchDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-crash-'));
    database = await createScratchDatabase();
    const { DATABASE_URL: _suiteDatabase, SMTP_URL: _smtp, ...inherited } = process.env;
    env = {
      ...inherited,
      ...(database ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
      REGISTRATION_OPEN: 'true',
      IP_RATE_LIMIT_FACTOR: '50',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    };
  });

  afterAll(async () => {
    await killServers([server]);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    server = spawnServer(env, Number(env.PORT));
    await waitUntilServing(server);
    return server;
  }

  const ok = (answer: HttpAnswer, status = 200) => {
    expect(answer.status, answer.body.toString()).toBe(status);
    return answer.json();
  };

  // Two real server starts (the first initialises the embedded database) take a while on a busy machine.
  it(
    'keeps every confirmed write, no half-written file, and passes the integrity check',
    { timeout: 120_000 },
    async () => {
      let running = await start();
      const api = (method: string, urlPath: string, options?: Parameters<typeof httpRequest>[3]) =>
        httpRequest(running.baseUrl, method, `/api${urlPath}`, options);

      let adminToken = ok(
        await api('POST', '/auth/login', { json: { ...ADMIN, totp: await freshTotpCode(ADMIN.email) } }),
      ).token as string;
      const authors: { email: string; token: string; paperId: string; pdf: Buffer }[] = [];
      for (const n of [1, 2, 3]) {
        const email = `crash.author${n}@example.org`;
        const token = ok(
          await api('POST', '/auth/register', {
            json: { username: `Author ${n}`, email, password: 'author-password' },
          }),
          201,
        ).token as string;
        const pdf = bigPdf(`abstract ${n}`);
        const body = multipart(submissionFields(), [{ field: 'paperPdf', name: 'abstract.pdf', content: pdf }]);
        const paper = ok(
          await api('POST', '/papers/submit', { token, payload: body.payload, headers: body.headers }),
          201,
        ).paper as { _id: string };
        authors.push({ email, token, paperId: paper._id, pdf });
      }
      const [first, second, third] = authors as [(typeof authors)[0], (typeof authors)[0], (typeof authors)[0]];
      const figure = bigPdf('figure');
      const confirmedMessage = multipart({ message: 'confirmed before the crash' }, [
        { field: 'attachments', name: 'figure.pdf', content: figure },
      ]);
      ok(
        await api('POST', `/chat/papers/${first.paperId}/messages`, {
          token: first.token,
          payload: confirmedMessage.payload,
          headers: confirmedMessage.headers,
        }),
        201,
      );

      // Three uploads left half-way (two chat attachments, one admin file) ...
      const endless = [
        startEndlessUpload(
          running.baseUrl,
          `/api/chat/papers/${first.paperId}/messages`,
          first.token,
          multipart({ message: 'cut off 1' }, [{ field: 'attachments', name: 'cut1.pdf', content: bigPdf('cut1') }]),
        ),
        startEndlessUpload(
          running.baseUrl,
          `/api/chat/papers/${second.paperId}/messages`,
          second.token,
          multipart({ message: 'cut off 2' }, [{ field: 'attachments', name: 'cut2.pdf', content: bigPdf('cut2') }]),
        ),
        startEndlessUpload(
          running.baseUrl,
          `/api/admin/papers/${third.paperId}/upload-file`,
          adminToken,
          multipart({ description: 'cut off' }, [{ field: 'adminFile', name: 'notes.pdf', content: bigPdf('notes') }]),
        ),
      ];
      const tmpDir = path.join(filesDirOf(dataDir), 'tmp');
      const partsWithBytes = async () => {
        const names = await readdir(tmpDir).catch(() => [] as string[]);
        const sizes = await Promise.all(
          names.map(async (name) => (await stat(path.join(tmpDir, name)).catch(() => null))?.size ?? 0),
        );
        return sizes.filter((size) => size > 0).length;
      };
      await expect.poll(partsWithBytes, { timeout: 15_000 }).toBe(3);

      // `npm run backup` meanwhile (the embedded database is asked through the running server):
      // the database rows and exactly the files they name, none of the uploads in flight.
      const archive = path.join(dataDir, 'backup.tar.gz');
      const backup = await runScript('scripts/backup.ts', ['--output', archive], env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(database ? /taken beside the running server/ : /taken by the running server/);
      const manifest = readBackupManifest(archive);
      const rowsOf = (table: string) => manifest.tables.find((t) => t.name === table)?.rows;
      expect([rowsOf('papers'), rowsOf('chat_messages'), rowsOf('chat_attachments')]).toEqual([3, 1, 1]);
      expect((await archivedFileHashes(archive)).sort()).toEqual(
        [...authors.map((a) => sha256(a.pdf)), sha256(figure)].sort(),
      );

      // ... and two admins changing statuses without pause; the kill comes while a change is in flight.
      const changers = [first, second].map((a) => statusChanger(running.baseUrl, adminToken, a.paperId));
      await expect.poll(() => changers.every((c) => c.state.confirmed >= 3), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => changers.some((c) => c.state.pending), { timeout: 5000, interval: 1 }).toBe(true);
      running.child.kill('SIGKILL');
      expect((await running.exited).signal).toBe('SIGKILL');
      for (const c of changers) c.state.stopped = true;
      await Promise.all(changers.map((c) => c.done));
      for (const request of endless) request.destroy();
      expect(await partsWithBytes()).toBe(3);
      // As a backup killed mid-way would leave it (hard links and a partial dump), an hour ago.
      const scratch = path.join(dataDir, '.backup-killed');
      await mkdir(path.join(scratch, 'database'), { recursive: true });
      await writeFile(path.join(scratch, 'database', 'users.ndjson'), '{}\n');
      const anHourAgo = new Date(Date.now() - UPLOAD_IN_PROGRESS_MS - 60_000);
      await utimes(scratch, anHourAgo, anHourAgo);
      // On PostgreSQL another server may share DATA_DIR, so only uploads untouched for an hour
      // are leftovers: these three are made to look that old.
      for (const name of await readdir(tmpDir)) await utimes(path.join(tmpDir, name), anHourAgo, anHourAgo);

      // The same data directory (and database) starts again and serves.
      running = await start();
      expect(await readdir(tmpDir)).toEqual([]);
      expect(running.output()).toMatch(/Removed 3 half-written upload/);
      expect((await readdir(dataDir)).filter((name) => name.startsWith('.backup-'))).toEqual([]);
      // ADMIN_EMAIL / ADMIN_PASSWORD at start end the admin's sessions: sign in again.
      adminToken = ok(await api('POST', '/auth/login', { json: { ...ADMIN, totp: await freshTotpCode(ADMIN.email) } }))
        .token as string;

      for (const author of authors) {
        const token = ok(
          await api('POST', '/auth/login', { json: { email: author.email, password: 'author-password' } }),
        ).token as string;
        const own = await api('GET', '/papers/user', { token });
        expect(own.status).toBe(200);
        expect(own.json<{ _id: string }[]>().map((p) => p._id)).toEqual([author.paperId]);
        const pdf = await api('GET', `/papers/view/${author.paperId}`, { token });
        expect(pdf.status).toBe(200);
        expect(sha256(pdf.body)).toBe(sha256(author.pdf));
      }

      // The chat has the confirmed message with its file, and nothing of the cut-off ones.
      const messages = ok(await api('GET', `/chat/papers/${first.paperId}/messages`, { token: first.token }))
        .messages as {
        _id: string;
        message: string;
        attachments: { downloadUrl: string }[];
      }[];
      expect(messages.map((m) => m.message)).toEqual(['confirmed before the crash']);
      const download = await httpRequest(
        `http://127.0.0.1:${env.PORT}`,
        'GET',
        messages[0]!.attachments[0]!.downloadUrl,
        { token: first.token },
      );
      expect(sha256(download.body)).toBe(sha256(figure));
      expect(ok(await api('GET', `/chat/papers/${second.paperId}/messages`, { token: second.token })).messages).toEqual(
        [],
      );
      expect(
        (
          ok(await api('GET', `/admin/papers/${third.paperId}`, { token: adminToken })).paper as {
            adminUploadedFiles: unknown[];
          }
        ).adminUploadedFiles,
      ).toEqual([]);

      // Each status change happened whole or not at all, and every confirmed one survived.
      for (const [i, changer] of changers.entries()) {
        const paperId = authors[i]!.paperId;
        const paper = ok(await api('GET', `/admin/papers/${paperId}`, { token: adminToken })).paper as {
          status: string;
          version: number;
        };
        const actions = (
          ok(await api('GET', `/admin/papers/${paperId}/history`, { token: adminToken })).paper as {
            adminActions: { newStatus: string; actionAt: string }[];
          }
        ).adminActions;
        expect(actions.length).toBeGreaterThanOrEqual(changer.state.confirmed);
        expect(actions.length).toBeLessThanOrEqual(changer.state.sent);
        expect(paper.version).toBe(1 + actions.length);
        const latest = [...actions].sort((a, b) => a.actionAt.localeCompare(b.actionAt)).at(-1)!;
        expect(paper.status).toBe(latest.newStatus);
      }

      // A clean stop, then the offline check: every referenced file intact, no leftovers.
      running.child.kill('SIGTERM');
      expect((await running.exited).code).toBe(0);
      const check = await runScript('scripts/check-integrity.ts', [], env);
      expect(check.stdout + check.stderr).toMatch(/^OK: every referenced file is intact/m);
      expect(check.stdout).toMatch(/Checked 4 stored files/);
      expect(check.code).toBe(0);
    },
  );
});
