import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, notifications, storedFiles } from '../db/schema/index.ts';
import { STORAGE_MESSAGES } from '../modules/storage-quota/storage-quota.service.ts';
import { filesDirOf } from '../storage/local-file-store.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const MB = 1024 * 1024;
/** A real PDF of about this many megabytes: the signature first, then padding. */
const pdfOf = (megabytes: number) => Buffer.concat([pdfBytes(), Buffer.alloc(megabytes * MB - 200, 0x20)]);

async function storedFileCount(t: TestApp): Promise<number> {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(storedFiles);
  return row!.n;
}

/** Every file on disk under DATA_DIR/files, finished or half-written. */
async function filesOnDisk(t: TestApp): Promise<string[]> {
  const root = filesDirOf(t.config.dataDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('disk filling: a storage quota per author', () => {
  let t: TestApp;
  let author: TestUser;
  let admin: TestUser;
  let paperId: string;

  const chat = (who: TestUser, sizesMb: number[]) => {
    const body = multipart(
      { message: 'figures' },
      sizesMb.map((mb, i) => ({ field: 'attachments', name: `figure-${i}.pdf`, content: pdfOf(mb) })),
    );
    return t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: who.cookie },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ userStorageQuotaBytes: 10 * MB });
    author = await createTestUser(t.app);
    admin = await createTestUser(t.app, { role: 'admin' });
    paperId = (await createTestPaper(t.app, author))._id;
  });
  afterAll(() => t.close());

  it('takes uploads up to the quota, then answers 413 naming the limit and the use, keeping nothing', async () => {
    expect((await chat(author, [4, 4])).statusCode).toBe(201);
    const [filesBefore, rowsBefore, messagesBefore, noticesBefore] = [
      await filesOnDisk(t),
      await storedFileCount(t),
      (await t.app.ctx.db.select().from(chatMessages)).length,
      (await t.app.ctx.db.select().from(notifications)).length,
    ];

    // 2 MB are left: the 4 MB attachment is cut off while streaming, at the quota.
    const refused = await chat(author, [4]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      success: false,
      message: expect.stringMatching(/storage limit of 10\.0 MB: your files already use 8\.0 MB/),
    });
    expect(await filesOnDisk(t)).toEqual(filesBefore);
    expect(await storedFileCount(t)).toBe(rowsBefore);
    expect(await t.app.ctx.db.select().from(chatMessages)).toHaveLength(messagesBefore);
    expect(await t.app.ctx.db.select().from(notifications)).toHaveLength(noticesBefore);

    // What still fits is taken.
    expect((await chat(author, [1])).statusCode).toBe(201);
  });

  it('counts every upload of the author together, and refuses the second of two that each fit alone', async () => {
    const other = await createTestUser(t.app);
    const otherPaper = (await createTestPaper(t.app, other))._id;
    const send = () => {
      const body = multipart({ message: 'at once' }, [
        { field: 'attachments', name: 'big.pdf', content: pdfOf(4) },
        { field: 'attachments', name: 'big2.pdf', content: pdfOf(2) },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `${API}/chat/papers/${otherPaper}/messages`,
        headers: { ...body.headers, cookie: other.cookie },
        payload: body.payload,
      });
    };
    // The abstract is already counted; 6 MB twice cannot both fit in the 10 MB.
    const answers = (await Promise.all([send(), send()])).map((r) => r.statusCode).sort();
    expect(answers).toEqual([201, 413]);
    const [used] = await t.app.ctx.db
      .select({ n: count() })
      .from(storedFiles)
      .where(eq(storedFiles.uploadedBy, other.user._id));
    expect(used!.n).toBe(3);
  });

  it('does not limit the organizers: an admin upload goes through past any author quota', async () => {
    const body = multipart(
      { message: 'reviewer notes' },
      [4, 4, 4].map((mb, i) => ({ field: 'attachments', name: `notes-${i}.pdf`, content: pdfOf(mb) })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('disk filling: uploads pause while the disk is nearly full', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      minFreeDiskBytes: Number.MAX_SAFE_INTEGER,
      logLevel: 'error',
      logStream: { write: (line: string) => void logLines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('answers 507 with a clear message, stores nothing and logs it loudly', async () => {
    const author = await createTestUser(t.app);
    const body = multipart({ title: 'x' }, [{ field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/submit`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ success: false, message: STORAGE_MESSAGES.diskFull });
    expect(await storedFileCount(t)).toBe(0);
    expect(logLines.join('')).toContain('DISK NEARLY FULL');
  });
});
