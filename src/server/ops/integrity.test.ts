import { appendFile, mkdir, readdir, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { authorResponses, chatAttachments, papers, storedFiles } from '../db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { filesDirOf, storedFilePath } from '../storage/local-file-store.ts';
import { UPLOAD_IN_PROGRESS_MS } from '../storage/file-store.ts';
import { checkIntegrity, formatIntegrityReport } from './integrity.ts';

describe('file integrity check', () => {
  let t: TestApp;
  let author: TestUser;
  let filesDir: string;

  let ictacemId: string;
  beforeAll(async () => {
    t = await createTestApp();
    filesDir = filesDirOf(t.config.dataDir);
    author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    ictacemId = paper.ictacemId;
    const body = multipart({ message: 'figures' }, [
      { field: 'attachments', name: 'one.pdf', content: pdfBytes('one') },
      { field: 'attachments', name: 'two.pdf', content: pdfBytes('two') },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paper._id}/messages`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const check = (exclusive = true, removeOrphans = false) =>
    checkIntegrity({ db: t.app.ctx.db, store: t.app.ctx.store, exclusive, removeOrphans });
  const keys = async () =>
    (await t.app.ctx.db.select().from(storedFiles).orderBy(storedFiles.originalName)).map((f) => f.storageKey);
  const pathOf = (key: string) => storedFilePath(filesDir, key);
  /** Makes a file look untouched for longer than an upload can be in progress. */
  const age = (file: string) =>
    utimes(file, new Date(Date.now() - 2 * UPLOAD_IN_PROGRESS_MS), new Date(Date.now() - 2 * UPLOAD_IN_PROGRESS_MS));

  it('passes on intact data and reads every file', async () => {
    const report = await check();
    expect(report.problems).toEqual([]);
    expect(report.checkedFiles).toBe(3);
    expect(formatIntegrityReport(report)).toMatch(/^OK:/m);
  });

  it('names each damaged file, what it is and who uses it', async () => {
    const [abstract, one, two] = await keys();
    await truncate(pathOf(abstract!), 10);
    await appendFile(pathOf(one!), 'x');
    await rm(pathOf(two!));
    try {
      const report = await check();
      const byKey = Object.fromEntries(report.problems.map((p) => [p.storageKey, p]));
      expect(report.problems).toHaveLength(3);
      expect(byKey[abstract!]).toMatchObject({
        kind: 'wrong_size',
        usedBy: [`current abstract of ${ictacemId}`, `abstract version 1 of ${ictacemId}`],
      });
      expect(byKey[one!]).toMatchObject({ kind: 'wrong_size', usedBy: [`chat attachment "one.pdf" of ${ictacemId}`] });
      expect(byKey[two!]).toMatchObject({ kind: 'missing' });
      expect(formatIntegrityReport(report)).toMatch(/FAILED: 3 problem/);
    } finally {
      await writeFile(pathOf(abstract!), pdfBytes());
      await writeFile(pathOf(one!), pdfBytes('one'));
      await writeFile(pathOf(two!), pdfBytes('two'));
    }
    // Same size, other bytes: only the checksum tells.
    const original = pdfBytes('one');
    await writeFile(pathOf(one!), Buffer.from(original.toString('latin1').replace('one', 'eno'), 'latin1'));
    try {
      expect((await check()).problems).toMatchObject([{ kind: 'wrong_checksum', storageKey: one }]);
    } finally {
      await writeFile(pathOf(one!), original);
    }
    expect((await check()).problems).toEqual([]);
  });

  it('reports a file row that nothing refers to', async () => {
    const [abstract] = await keys();
    const [row] = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, abstract!));
    const [copy] = await t.app.ctx.db
      .insert(storedFiles)
      .values({ ...row!, id: undefined, storageKey: randomUUID(), originalName: 'zz-unused.pdf' })
      .returning();
    await mkdir(path.dirname(pathOf(copy!.storageKey)), { recursive: true });
    await writeFile(pathOf(copy!.storageKey), pdfBytes());
    try {
      expect((await check()).problems).toMatchObject([
        { kind: 'unreferenced_row', storageKey: copy!.storageKey, usedBy: [] },
      ]);
    } finally {
      await t.app.ctx.db.delete(storedFiles).where(eq(storedFiles.id, copy!.id));
      await rm(pathOf(copy!.storageKey));
    }
  });

  it("counts a response's revised abstract as used", async () => {
    const [abstract] = await keys();
    const [row] = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, abstract!));
    const [copy] = await t.app.ctx.db
      .insert(storedFiles)
      .values({ ...row!, id: undefined, storageKey: randomUUID(), originalName: 'Đặng-revised.pdf' })
      .returning();
    await mkdir(path.dirname(pathOf(copy!.storageKey)), { recursive: true });
    await writeFile(pathOf(copy!.storageKey), pdfBytes());
    const [paper] = await t.app.ctx.db.select({ id: papers.id }).from(papers).where(eq(papers.ictacemId, ictacemId));
    const [round] = await t.app.ctx.db
      .insert(authorResponses)
      .values({ paperId: paper!.id, round: 1, revisedAbstractFileId: copy!.id })
      .returning();
    try {
      expect((await check()).problems).toEqual([]);
      await rm(pathOf(copy!.storageKey));
      expect((await check()).problems).toMatchObject([
        { kind: 'missing', usedBy: [`revised abstract of response 1 of ${ictacemId}`] },
      ]);
    } finally {
      await t.app.ctx.db.delete(authorResponses).where(eq(authorResponses.id, round!.id));
      await t.app.ctx.db.delete(storedFiles).where(eq(storedFiles.id, copy!.id));
      await rm(pathOf(copy!.storageKey), { force: true });
    }
  });

  it('sweeps half-written uploads and reports orphans, sparing recent ones while a server may be writing', async () => {
    const tmpDir = path.join(filesDir, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const [oldPart, freshPart] = [`${randomUUID()}.part`, `${randomUUID()}.part`];
    await writeFile(path.join(tmpDir, oldPart), 'half');
    await writeFile(path.join(tmpDir, freshPart), 'half');
    await age(path.join(tmpDir, oldPart));
    const [oldOrphan, freshOrphan] = [randomUUID(), randomUUID()];
    for (const key of [oldOrphan, freshOrphan]) {
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      await writeFile(pathOf(key), pdfBytes());
    }
    await age(pathOf(oldOrphan));

    const shared = await check(false);
    expect(shared.sweptTempFiles).toEqual([`tmp/${oldPart}`]);
    expect(shared.uploadsInProgress.sort()).toEqual([`tmp/${freshPart}`, freshOrphan].sort());
    expect(shared.problems).toMatchObject([{ kind: 'orphan_file', storageKey: oldOrphan }]);
    expect(await readdir(tmpDir)).toEqual([freshPart]);

    const alone = await check(true);
    expect(alone.sweptTempFiles).toEqual([`tmp/${freshPart}`]);
    expect(alone.problems.map((p) => p.storageKey).sort()).toEqual([oldOrphan, freshOrphan].sort());

    const cleaned = await check(true, true);
    expect(cleaned.removedOrphans.sort()).toEqual([oldOrphan, freshOrphan].sort());
    expect(cleaned.problems).toEqual([]);
    expect((await check()).problems).toEqual([]);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('leaves files alone that are not upload leftovers', async () => {
    const tmpDir = path.join(filesDir, 'tmp');
    await writeFile(path.join(tmpDir, 'README'), 'not an upload');
    try {
      expect((await t.app.ctx.store.sweepIncomplete(0)).removed).toEqual([]);
      expect(await readdir(tmpDir)).toEqual(['README']);
    } finally {
      await rm(path.join(tmpDir, 'README'));
    }
  });

  it('beside a running server, does not call a file missing that was deleted with its row during the check', async () => {
    const [, , two] = await keys();
    const [row] = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, two!));
    // Right after the check's snapshot, the file goes with its rows, as an admin's delete would.
    const db = new Proxy(t.app.ctx.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Db['transaction']>) => {
          const snapshot = await target.transaction(...args);
          await target.delete(chatAttachments).where(eq(chatAttachments.fileId, row!.id));
          await target.delete(storedFiles).where(eq(storedFiles.id, row!.id));
          await rm(pathOf(two!));
          return snapshot;
        };
      },
    });
    expect((await checkIntegrity({ db, store: t.app.ctx.store, exclusive: false })).problems).toEqual([]);
    expect((await check()).problems).toEqual([]);
  });

  it('can rely on foreign keys: a file row that something refers to cannot be deleted', async () => {
    // The foreign keys are what makes "every row pointing at a file has its file row" hold.
    const [abstract] = await keys();
    const [row] = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, abstract!));
    await expect(t.app.ctx.db.delete(storedFiles).where(eq(storedFiles.id, row!.id))).rejects.toThrow();
    expect(
      await t.app.ctx.db.select({ id: papers.id }).from(papers).where(eq(papers.abstractFileId, row!.id)),
    ).toHaveLength(1);
  });
});
