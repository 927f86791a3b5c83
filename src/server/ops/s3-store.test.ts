// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// The embedded database's backup beside files in S3.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { papers, storedFiles } from '../db/schema/index.ts';
import { FILE_STORAGE_UNAVAILABLE } from '../plugins/errors.ts';
import { createS3FileStore } from '../storage/s3-file-store.ts';
import { createTestPaper, createTestUser, submissionFields, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { freePort } from '../test/net.ts';
import { s3Env, startTestS3Server, type TestS3Server } from '../test/s3.ts';
import { spawnServer } from '../test/server-process.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { restoreBackup, writeBackup } from './backup.ts';
import { checkIntegrity } from './integrity.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A real PDF of about this many bytes. */
const pdfOf = (bytes: number, label = 'paper') =>
  Buffer.concat([pdfBytes(label), Buffer.alloc(bytes - pdfBytes(label).length, 0x20)]);

describe('the site with its files in an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let author: TestUser;
  const work: string[] = [];

  beforeAll(async () => {
    s3 = await startTestS3Server();
    t = await createTestApp({ fileStore: s3.fileStore });
    author = await createTestUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    for (const dir of work) await rm(dir, { recursive: true, force: true });
  });

  const submit = (content: Buffer) => {
    const body = multipart(submissionFields(), [{ field: 'paperPdf', name: 'abstract.pdf', content }]);
    return t.app.inject({
      method: 'POST',
      url: `${API}/papers/submit`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
  };
  const view = (paperId: string, headers: Record<string, string> = {}, who = author) =>
    t.app.inject({
      method: 'GET',
      url: `${API}/papers/view/${paperId}`,
      headers: { ...headers, cookie: who.cookie },
    });
  const rows = async () => ({
    papers: (await t.app.ctx.db.select({ n: count() }).from(papers))[0]!.n,
    files: (await t.app.ctx.db.select({ n: count() }).from(storedFiles))[0]!.n,
  });
  const objectKeys = async () => {
    const keys: string[] = [];
    for await (const file of t.app.ctx.store.list()) keys.push(file.key);
    return keys.sort();
  };

  it('stores an upload in the bucket and serves it whole and by byte range', async () => {
    const pdf = pdfOf(300_000);
    const submitted = await submit(pdf);
    expect(submitted.statusCode).toBe(201);
    const paperId = (submitted.json() as { paper: { _id: string } }).paper._id;
    const [row] = await t.app.ctx.db.select().from(storedFiles);
    expect(await objectKeys()).toEqual([row!.storageKey]);

    const whole = await view(paperId);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(pdf.length));
    expect(sha256(whole.rawPayload)).toBe(sha256(pdf));

    const part = await view(paperId, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${pdf.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(pdf.subarray(1000, 2000))).toBe(true);

    const tail = await view(paperId, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);

    // HEAD: the headers of the whole file, whatever the range, and no body.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `${API}/papers/view/${paperId}`,
      headers: { cookie: author.cookie, range: 'bytes=0-9' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(pdf.length));
    expect(head.rawPayload.length).toBe(0);

    const outside = await view(paperId, { range: `bytes=${pdf.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${pdf.length}`);
  });

  it('answers 503 while the bucket is down, stores nothing, keeps the other pages working, and recovers by itself', async () => {
    const owner = await createTestUser(t.app);
    const paperId = (await createTestPaper(t.app, owner))._id;
    author = await createTestUser(t.app);
    const before = { rows: await rows(), objects: await objectKeys() };
    await s3.cutOff();
    try {
      const upload = await submit(pdfOf(50_000, 'during the outage'));
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toEqual({ success: false, message: FILE_STORAGE_UNAVAILABLE });
      expect(upload.headers['retry-after']).toBeDefined();

      const download = await view(paperId, {}, owner);
      expect(download.statusCode).toBe(503);
      expect(download.json()).toEqual({ success: false, message: FILE_STORAGE_UNAVAILABLE });

      const own = await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: author.cookie } });
      expect(own.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `${API}/health/ready` })).statusCode).toBe(200);
      expect(await rows()).toEqual(before.rows);
    } finally {
      await s3.restore();
    }
    expect(await objectKeys()).toEqual(before.objects);
    expect((await view(paperId, {}, owner)).statusCode).toBe(200);
    expect((await submit(pdfOf(50_000, 'after the outage'))).statusCode).toBe(201);
  });

  it('backs up from the bucket and restores into another one, intact', async () => {
    const archiveDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-s3-backup-'));
    const target = await mkdtemp(path.join(os.tmpdir(), 'ictacem-s3-restore-'));
    work.push(archiveDir, target);
    const archive = path.join(archiveDir, 'backup.tar.gz');
    const kind = t.config.databaseUrl ? 'postgres' : 'pglite';
    const manifest = await writeBackup(
      { db: t.app.ctx.db, kind, store: t.app.ctx.store, workDir: t.config.dataDir },
      archive,
    );
    const { files } = await rows();
    expect(manifest.files.count).toBe(files);

    const scratch = await createScratchDatabase();
    const bucket = await s3.newBucket();
    try {
      const result = await restoreBackup({
        archive,
        dataDir: target,
        databaseUrl: scratch?.url,
        fileStore: bucket,
        force: false,
      });
      expect(result.integrity.problems).toEqual([]);
      expect(result.integrity.checkedFiles).toBe(files);
      expect(result.integrity.location).toContain(bucket.bucket);

      // A second restore into the now full bucket is refused without --force.
      const again = await mkdtemp(path.join(os.tmpdir(), 'ictacem-s3-restore-'));
      work.push(again);
      await expect(restoreBackup({ archive, dataDir: again, fileStore: bucket, force: false })).rejects.toThrow(
        /already holds files/,
      );
    } finally {
      await scratch?.drop();
    }
    // A safety net, not a measurement: a backup, a scratch database and a restore took 31 s on a
    // loaded 2-core host.
  }, 120_000);

  it('checks the bucket against the database: sizes, SHA-256 and strays', async () => {
    const store = t.app.ctx.store;
    const [victim] = await t.app.ctx.db.select().from(storedFiles).limit(1);
    const original = await store.open(victim!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of original) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const stray = '00000000-0000-4000-8000-000000000000';
    try {
      // Same size, one byte changed: only the checksum can tell.
      const changed = Buffer.from(bytes);
      changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
      await store.putAt(victim!.storageKey, Readable.from([changed]));
      await store.putAt(stray, Readable.from([Buffer.from('no row names me')]));
      const report = await checkIntegrity({ db: t.app.ctx.db, store, exclusive: true });
      expect(report.problems.map((p) => [p.kind, p.storageKey])).toEqual([
        ['wrong_checksum', victim!.storageKey],
        ['orphan_file', stray],
      ]);
    } finally {
      await store.putAt(victim!.storageKey, Readable.from([bytes]));
      await store.remove(stray);
    }
    expect((await checkIntegrity({ db: t.app.ctx.db, store, exclusive: true })).problems).toEqual([]);
  });

  it('refuses to start with a bucket that does not exist or a key that is refused, naming the problem', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-s3-start-'));
    work.push(dataDir);
    const config = { ...t.config, dataDir, databaseUrl: undefined, inMemoryDatabase: true };
    await expect(buildApp({ ...config, fileStore: { ...s3.fileStore, bucket: 'no-such-bucket' } })).rejects.toThrow(
      /The bucket s3:\/\/no-such-bucket at .* does not exist/,
    );
    await expect(
      buildApp({ ...config, fileStore: { ...s3.fileStore, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } } }),
    ).rejects.toThrow(/was refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    // The real server says so in one line and exits 1, before it opens any database.
    const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
    const server = spawnServer(
      {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        ...s3Env({ ...s3.fileStore, bucket: 'no-such-bucket' }),
      },
      0,
    );
    expect((await server.exited).code).toBe(1);
    expect(server.output(), server.output()).toMatch(
      /^The site cannot start: The bucket s3:\/\/no-such-bucket at .* does not exist\.$/m,
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
    // The store itself works with the right settings: the refusals above were about the settings.
    const store = await createS3FileStore({ ...s3.fileStore, spoolDir: dataDir });
    await expect(store.verify()).resolves.toBeUndefined();
    store.close();
  });
});
