// Measures the organiser's file jobs beside a bare baseline in the same run, on a new embedded database:
//   npm run bench:organiser-files                        (a ZIP of 1,000 abstracts, a book of 300)
//   npm run bench:organiser-files -- --files 2000 --book 500 --kb 400
// Files ZIP: the job (store reads, ZIP stream, manifest, stored like an upload) against reading
// and hashing every file, the least a ZIP of them must do. Book of Abstracts: the job (contents,
// index, page numbers, stored) against pdf-lib merging the same abstracts and saving. Both report
// time and the process's peak resident memory above what it held before.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';
import { papers, storedFiles } from '@server/db/schema/index.ts';
import { benchAdmin } from './bench-admin.ts';
import { seedDemo } from './seed-demo.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '1000' },
    book: { type: 'string', default: '300' },
    kb: { type: 'string', default: '250' },
  },
});
const fileCount = Number(values.files);
const bookCount = Number(values.book);
const targetBytes = Number(values.kb) * 1024;

/** A real two-page abstract of about `bytes`, its text random so it does not compress. */
async function abstractPdf(bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let pageIndex = 0; pageIndex < 2; pageIndex += 1) {
    const page = pdf.addPage();
    const lines = Math.ceil(bytes / 2 / 120);
    for (let line = 0; line < lines; line += 1) {
      page.drawText(randomBytes(45).toString('base64'), { x: 40, y: 800 - (line % 70) * 11, size: 8, font });
    }
  }
  return Buffer.from(await pdf.save());
}

/** Peak resident memory while `work` runs, sampled every 10 ms, above what the process held at the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      peakMb: (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-files-'));
const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'warn', port: 0 });
await app.ready();
const { db, store } = app.ctx;
try {
  console.error(`Seeding ${fileCount} papers with their own abstract of about ${values.kb} KB...`);
  await seedDemo(db, dataDir, { users: fileCount, papers: fileCount });
  const ids = (await db.select({ id: papers.id }).from(papers).orderBy(papers.ictacemId)).map((row) => row.id);
  const template = await abstractPdf(targetBytes);
  const keys: string[] = [];
  for (const id of ids) {
    // Each file distinct (its own bytes after the end marker, which readers ignore), as uploads are.
    const bytes = Buffer.concat([template, Buffer.from(`\n% ${randomBytes(8).toString('hex')}\n`)]);
    const stored = await store.put(Readable.from([bytes]), { maxBytes: bytes.length, tooLargeMessage: 'too large' });
    const [file] = await db
      .insert(storedFiles)
      .values({
        storageKey: stored.key,
        originalName: 'abstract.pdf',
        contentType: 'application/pdf',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      })
      .returning();
    await db.update(papers).set({ abstractFileId: file!.id, status: 'declined' }).where(eq(papers.id, id));
    keys.push(stored.key);
  }
  await db
    .update(papers)
    .set({ status: 'abstract_accepted' })
    .where(inArray(papers.id, ids.slice(0, bookCount)));
  const admin = await benchAdmin(app.ctx);
  const { cookie } = admin;

  async function runJob(body: object): Promise<{ status: string; sizeBytes: number | null; problems: unknown[] }> {
    const res = await app.inject({
      method: 'POST',
      url: '/ictacem2025/api/admin/jobs',
      headers: { cookie },
      payload: body,
    });
    if (res.statusCode !== 202) throw new Error(`job: ${res.statusCode} ${res.body}`);
    const jobId = res.json().job._id as string;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { job } = (
        await app.inject({ method: 'GET', url: `/ictacem2025/api/admin/jobs/${jobId}`, headers: { cookie } })
      ).json();
      if (job.status === 'done' || job.status === 'failed') return job;
    }
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (n: number) => `${n.toFixed(0)} MB`;

  const bareZip = await measured(async () => {
    for (const key of keys) await pipeline(await store.open(key), createHash('sha256'));
  });
  const ourZip = await measured(() =>
    runJob({ kind: 'paper_files_zip', audience: { kind: 'selection', paperIds: ids }, files: ['abstract'] }),
  );
  const totalMb = (template.length * fileCount) / 2 ** 20;
  console.log(`Files ZIP of ${fileCount} abstracts (${mb(totalMb)} in all, embedded database):`);
  console.log(`  bare (read and hash every file): ${seconds(bareZip.ms)}, peak +${mb(bareZip.peakMb)}`);
  console.log(
    `  ours (the job: ZIP streamed into the file store, manifest): ${seconds(ourZip.ms)}, peak +${mb(ourZip.peakMb)}, ` +
      `${ourZip.result.status}, ${mb((ourZip.result.sizeBytes ?? 0) / 2 ** 20)} ZIP`,
  );

  const bookKeys = keys.slice(0, bookCount);
  const bareBook = await measured(async () => {
    const merged = await PDFDocument.create();
    for (const key of bookKeys) {
      const source = await PDFDocument.load(await buffer(await store.open(key)));
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    }
    return (await merged.save()).length;
  });
  // Every abstract names Helvetica without embedding it: with the choice on (the default), the
  // book embeds Liberation Sans once and gives each abstract's font its widths and descriptor.
  const plainBook = await measured(() => runJob({ kind: 'book_of_abstracts', embedStandardFonts: false }));
  const ourBook = await measured(() => runJob({ kind: 'book_of_abstracts' }));
  console.log(`Book of Abstracts of ${bookCount} abstracts:`);
  console.log(`  bare (pdf-lib merges the abstracts and saves): ${seconds(bareBook.ms)}, peak +${mb(bareBook.peakMb)}`);
  for (const [label, book] of [
    ['standard fonts not embedded', plainBook],
    ['standard fonts embedded', ourBook],
  ] as const) {
    console.log(
      `  ours, ${label} (the job: cover, contents, abstracts, index, page numbers, stored): ${seconds(book.ms)}, ` +
        `peak +${mb(book.peakMb)}, ${book.result.status}, ${book.result.problems.length} problems, ` +
        `${mb((book.result.sizeBytes ?? 0) / 2 ** 20)} PDF`,
    );
  }
  const failed = [ourZip, plainBook, ourBook].some(({ result }) => result.status !== 'done');
  if (failed) process.exitCode = 1;
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
