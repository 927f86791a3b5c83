import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { storedFiles } from '../db/schema/index.ts';
import { filesDirOf, storedFilePath } from '../storage/local-file-store.ts';
import { createTestPaper, createTestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { s3Env, startTestS3Server, type TestS3Server } from '../test/s3.ts';
import { runScript } from '../test/server-process.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { checkIntegrity } from './integrity.ts';

/** The environment `npm run files:migrate-to-s3` reads, for this data directory and a bucket. */
function scriptEnv(dataDir: string, bucket: TestS3Server['fileStore']): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, DATA_DIR: dataDir, ...s3Env(bucket) };
}

describe('npm run files:migrate-to-s3', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let keys: string[];

  beforeAll(async () => {
    s3 = await startTestS3Server();
    // A site on local disk with the embedded database kept in its data directory, then stopped.
    t = await createTestApp({ inMemoryDatabase: false, databaseUrl: undefined });
    const author = await createTestUser(t.app);
    const paperId = (await createTestPaper(t.app, author))._id;
    const body = multipart({ message: 'figures' }, [
      { field: 'attachments', name: 'figure.pdf', content: pdfBytes('figure') },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    keys = (await t.app.ctx.db.select().from(storedFiles)).map((f) => f.storageKey).sort();
    expect(keys).toHaveLength(2);
    await t.app.close();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('copies every referenced file into the bucket, can be run again, and the site then serves from the bucket', async () => {
    const first = await runScript('scripts/files-migrate-to-s3.ts', [], scriptEnv(t.config.dataDir, s3.fileStore));
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Copied 2 files \(\d+ bytes\) from .* to s3:\/\/.*; 0 were already there\./);

    const again = await runScript('scripts/files-migrate-to-s3.ts', [], scriptEnv(t.config.dataDir, s3.fileStore));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Copied 0 files \(0 bytes\) .*; 2 were already there\./);

    const onS3 = await buildApp({ ...t.config, fileStore: s3.fileStore });
    try {
      const listed: string[] = [];
      for await (const file of onS3.ctx.store.list()) listed.push(file.key);
      expect(listed.sort()).toEqual(keys);
      const report = await checkIntegrity({ db: onS3.ctx.db, store: onS3.ctx.store, exclusive: true });
      expect(report.problems).toEqual([]);
      expect(report.checkedFiles).toBe(2);
    } finally {
      await onS3.close();
    }
  });

  it('names a file missing on disk and exits 1, copying the others', async () => {
    await rm(storedFilePath(filesDirOf(t.config.dataDir), keys[0]!));
    const bucket = await s3.newBucket();
    const run = await runScript('scripts/files-migrate-to-s3.ts', [], scriptEnv(t.config.dataDir, bucket));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Copied 1 files/);
    expect(run.stderr).toContain(`MISSING on disk, not copied: ${keys[0]}`);
  });

  it('refuses to run without a bucket to copy into', async () => {
    const run = await runScript('scripts/files-migrate-to-s3.ts', [], {
      PATH: process.env.PATH,
      DATA_DIR: t.config.dataDir,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('set FILE_STORE=s3');
  });
});
