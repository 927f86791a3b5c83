import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '@shared/domain/bulk-actions.ts';
import { JOB_TEXTS } from '@shared/schemas/background-jobs.ts';
import { papers, storedFiles } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { pdfBytes } from '@server/test/multipart.ts';
import { pdfFonts } from '@server/test/poppler.ts';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { unzip } from '@server/test/zip-entries.ts';

/** A real PDF of `pages` pages, `width` points wide: the width tells its pages apart in the book. */
async function abstractPdf(width: number, pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) pdf.addPage([width, 800]);
  return Buffer.from(await pdf.save());
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('background jobs: the Book of Abstracts and the files ZIP', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  const made: Record<'solid' | 'fluid' | 'unreadable' | 'declined', { _id: string; ictacemId: string }> = {} as never;
  const contents: Record<string, Buffer> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    const plan = [
      ['solid', 'Solid Mechanics and Dynamics', await abstractPdf(500, 2)],
      ['fluid', 'Aerodynamics and Fluid Mechanics', await abstractPdf(510, 1)],
      ['unreadable', 'Propulsion and Combustion', pdfBytes('spoilt after upload')],
      ['declined', 'Solid Mechanics and Dynamics', await abstractPdf(520, 1)],
    ] as const;
    for (const [key, theme, pdf] of plan) {
      author = await createTestUser(t.app);
      made[key] = await createTestPaper(t.app, author, { title: `Book ${key}`, theme }, pdf);
      contents[key] = pdf;
    }
    // An abstract the book cannot read: the upload's PDF check refuses such a file now, so its
    // bytes are spoilt in the store after it was taken (as a file from before the check may be).
    const [spoilt] = await t.app.ctx.db
      .select({ key: storedFiles.storageKey })
      .from(papers)
      .innerJoin(storedFiles, eq(storedFiles.id, papers.abstractFileId))
      .where(eq(papers.id, made.unreadable._id));
    const noPages = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await t.app.ctx.store.putAt(spoilt!.key, Readable.from([noPages]));
    contents.unreadable = noPages;
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie: user.cookie }, payload });
  async function finished(jobId: string) {
    for (let i = 0; i < 300; i += 1) {
      const { job } = (await call(admin, 'GET', `/admin/jobs/${jobId}`)).json();
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the job did not finish');
  }
  async function download(path: string): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  }

  it('refuses authors, a book with nothing accepted, and a ZIP of nothing', async () => {
    expect((await call(author, 'POST', '/admin/jobs', { kind: 'book_of_abstracts' })).statusCode).toBe(403);
    const empty = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(JOB_TEXTS.noAcceptedPapers);
    const zip = (audience: object, files: string[]) =>
      call(admin, 'POST', '/admin/jobs', { kind: 'paper_files_zip', audience, files });
    const noFiles = await zip({ kind: 'selection', paperIds: [made.solid._id] }, []);
    expect(noFiles.json().message).toContain(JOB_TEXTS.chooseFiles);
    expect((await zip({ kind: 'selection', paperIds: [] }, ['abstract'])).json().message).toContain(
      BULK_MESSAGES.emptySelection,
    );
    const nothing = await zip({ kind: 'filter', filter: { search: 'no paper has this title' } }, ['abstract']);
    expect(nothing.json().message).toBe(BULK_MESSAGES.noneMatching);
    expect((await call(admin, 'GET', `/admin/jobs/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('builds the book of the accepted abstracts by theme, one at a time, listing what it could not read', async () => {
    const accepted = [made.solid, made.fluid, made.unreadable].map((paper) => paper._id);
    expect(
      (await call(admin, 'POST', '/admin/papers/bulk/status', { paperIds: accepted, status: 'abstract_accepted' }))
        .statusCode,
    ).toBe(200);

    // With the runner held, the job waits: a second request meanwhile is refused.
    await t.app.ctx.jobs!.stop();
    const queued = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts' });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().job).toMatchObject({ status: 'queued', downloadPath: null });
    const again = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(JOB_TEXTS.alreadyRunning.book_of_abstracts);
    expect((await call(admin, 'GET', `/admin/jobs/${queued.json().job._id}/download`)).statusCode).toBe(409);
    t.app.ctx.jobs!.start();

    const job = await finished(queued.json().job._id);
    expect(job).toMatchObject({ status: 'done', progressDone: 3, progressTotal: 3 });
    expect(job.problems).toEqual([
      { ictacemId: made.unreadable.ictacemId, title: 'Book unreadable', reason: expect.any(String) },
    ]);
    const latest = (await call(admin, 'GET', '/admin/jobs/latest?kind=book_of_abstracts')).json().job;
    expect(latest._id).toBe(job._id);

    const book = await PDFDocument.load(await download(job.downloadPath));
    const widths = book.getPages().map((page) => Math.round(page.getWidth()));
    // Aerodynamics and Fluid Mechanics comes before Solid Mechanics and Dynamics; the declined paper is absent.
    const abstractWidths = widths.filter((width) => width === 500 || width === 510 || width === 520);
    expect(abstractWidths).toEqual([510, 500, 500]);
    // A cover, one contents page, the three abstract pages, one author index page.
    expect(book.getPageCount()).toBe(6);
    expect(widths.indexOf(510)).toBe(2);
    const contents = drawnTextOf(book.getPage(1)).join(' ');
    expect(contents).toMatch(new RegExp(`Book fluid 3 ${made.fluid.ictacemId} .*Book solid 4 ${made.solid.ictacemId}`));
    expect(contents).not.toContain(made.unreadable.ictacemId);
    expect(contents).not.toContain(made.declined.ictacemId);
  });

  it('orders the book as the published programme, session by session, once there is one', async () => {
    const early = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts', order: 'programme' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(JOB_TEXTS.noProgramme);

    // One session (the test server's conference: 4-6 January 2100), the solid paper first:
    // the opposite of the themes' order.
    let version = 0;
    const edit = async (path: string, body: object, method: 'POST' | 'PUT' = 'POST') => {
      const res = await call(admin, method, `/admin/programme${path}`, { ...body, version });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().programme?.version ?? version;
      return res.json();
    };
    const roomId = (await edit('/rooms', { name: 'Hall', capacity: 50 })).programme.rooms[0]._id;
    const session = (
      await edit('/sessions', {
        title: 'Mixed mechanics',
        kind: 'oral',
        roomId,
        startsAt: '2100-01-04T10:00:00+05:30',
        endsAt: '2100-01-04T11:00:00+05:30',
      })
    ).programme.sessions[0]._id;
    for (const paper of [made.solid, made.fluid]) await edit(`/papers/${paper._id}`, { sessionId: session }, 'PUT');
    await edit('/publish', { confirmWarnings: true });

    const queued = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts', order: 'programme' });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await finished(queued.json().job._id);
    expect(job.status).toBe('done');
    const contents = drawnTextOf((await PDFDocument.load(await download(job.downloadPath))).getPage(1)).join(' ');
    expect(contents).toMatch(
      new RegExp(`4 January 2100 10:00 IST · Oral session: Mixed mechanics .*Book solid .*Book fluid`),
    );
  });

  it('zips the chosen files under their names with a manifest, each file the bytes stored', async () => {
    const chosen = [made.fluid, made.solid, made.declined];
    const queued = await call(admin, 'POST', '/admin/jobs', {
      kind: 'paper_files_zip',
      audience: { kind: 'selection', paperIds: chosen.map((paper) => paper._id) },
      files: ['abstract', 'full_paper'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await finished(queued.json().job._id);
    expect(job.status).toBe('done');
    const files = await unzip(await download(job.downloadPath));

    const names = chosen.map((paper) => `${paper.ictacemId}_Lovelace_abstract.pdf`);
    expect([...files.keys()]).toEqual([...names, 'manifest.csv']);
    const stored = await t.app.ctx.db
      .select({ id: papers.id, sha256: storedFiles.sha256 })
      .from(papers)
      .innerJoin(storedFiles, eq(storedFiles.id, papers.abstractFileId))
      .where(
        inArray(
          papers.id,
          chosen.map((paper) => paper._id),
        ),
      );
    for (const [i, paper] of chosen.entries()) {
      const bytes = files.get(names[i]!)!;
      expect(sha256(bytes)).toBe(stored.find((row) => row.id === paper._id)!.sha256);
    }
    expect(sha256(files.get(names[1]!)!)).toBe(sha256(contents.solid!));
    const manifest = files.get('manifest.csv')!.toString('utf8');
    expect(manifest).toContain(`"${names[0]}","${made.fluid.ictacemId}"`);
    expect(manifest).toContain(sha256(contents.fluid!));
    expect(manifest.match(/No full paper on file\./g)).toHaveLength(3);
    expect(job.problems).toHaveLength(3);
  });

  it("names each file by its first author's surname in ASCII, or the ID alone; the manifest keeps the name as typed", async () => {
    const firstAuthors = ['Zofia Żółć', '张伟', 'Дмитрий Иванов', 'Nguyễn Văn An', '★ ☆'];
    const chosen = [];
    for (const name of firstAuthors) {
      const authors = JSON.stringify([{ name, affiliation: 'IIT Kharagpur', address: 'Kharagpur 721302' }]);
      chosen.push(await createTestPaper(t.app, await createTestUser(t.app), { authors }));
    }
    const queued = await call(admin, 'POST', '/admin/jobs', {
      kind: 'paper_files_zip',
      audience: { kind: 'selection', paperIds: chosen.map((paper) => paper._id) },
      files: ['abstract'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await finished(queued.json().job._id);
    expect(job.status).toBe('done');
    const files = await unzip(await download(job.downloadPath));

    const [zolc, zhang, ivanov, nguyen, symbols] = chosen.map((paper) => paper.ictacemId);
    expect([...files.keys()]).toEqual([
      `${zolc}_Zolc_abstract.pdf`,
      `${zhang}_Zhang_abstract.pdf`,
      `${ivanov}_Ivanov_abstract.pdf`,
      `${nguyen}_Nguyen_abstract.pdf`,
      `${symbols}_abstract.pdf`,
      'manifest.csv',
    ]);
    const manifest = files.get('manifest.csv')!.toString('utf8');
    expect(manifest.split('\r\n')[0]).toContain('"First Author","Kind"');
    expect(manifest).toContain(
      `"${zolc}_Zolc_abstract.pdf","${zolc}","Vortex shedding behind a heated cylinder","Zofia Żółć","Abstract"`,
    );
    for (const name of firstAuthors) expect(manifest).toContain(`"${name}"`);
  });

  it('embeds the standard fonts it can substitute unless asked not to, and lists each abstract with its preflight', async () => {
    const fixture = readFileSync(
      path.join(import.meta.dirname, '../preflight/fixtures/standard-fonts-not-embedded.pdf'),
    );
    const fonts = await createTestPaper(
      t.app,
      await createTestUser(t.app),
      { title: 'Book fonts', theme: 'Aerodynamics and Fluid Mechanics' },
      fixture,
    );
    const accepted = await call(admin, 'POST', '/admin/papers/bulk/status', {
      paperIds: [fonts._id],
      status: 'abstract_accepted',
    });
    expect(accepted.statusCode).toBe(200);
    const standard = ['Arial,Bold', 'Helvetica', 'Symbol', 'Times-Roman'];

    const wrong = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts', embedStandardFonts: 'yes' });
    expect(wrong.statusCode).toBe(400);

    const off = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts', embedStandardFonts: false });
    expect(off.statusCode, off.body).toBe(202);
    const plain = await finished(off.json().job._id);
    expect(plain.book).toMatchObject({
      embedStandardFonts: false,
      abstractsWithFontsEmbedded: 0,
      fontsNotEmbedded: [{ ictacemId: fonts.ictacemId, title: 'Book fonts', fonts: [...standard, 'Calibri'].sort() }],
    });
    const plainFonts = await pdfFonts(await download(plain.downloadPath));
    expect(plainFonts.find((font) => font.name === 'Helvetica')?.embedded).toBe(false);

    // Absent, the choice is on, as in the dialog.
    const on = await call(admin, 'POST', '/admin/jobs', { kind: 'book_of_abstracts' });
    const job = await finished(on.json().job._id);
    expect(job.book.embedStandardFonts).toBe(true);
    expect(job.book.abstractsWithFontsEmbedded).toBe(1);
    expect(job.book.fontsNotEmbedded).toEqual([
      { ictacemId: fonts.ictacemId, title: 'Book fonts', fonts: ['Calibri'] },
    ]);
    const bookFonts = await pdfFonts(await download(job.downloadPath));
    for (const name of standard) expect(bookFonts.find((font) => font.name === name)?.embedded, name).toBe(true);
    expect(bookFonts.find((font) => font.name === 'Calibri')?.embedded).toBe(false);

    // The manifest: every abstract in the book's order (by theme, then ID), its start page and
    // the upload's preflight verdict.
    const abstracts = job.book.abstracts as { ictacemId: string; startPage: number }[];
    expect(abstracts.map((line) => line.startPage)).toEqual([3, 4, 5]);
    expect(abstracts.at(-1)!.ictacemId).toBe(made.solid.ictacemId);
    expect(abstracts).toEqual(
      expect.arrayContaining([
        {
          ictacemId: fonts.ictacemId,
          title: 'Book fonts',
          startPage: expect.any(Number),
          preflight:
            'Warnings: 5 fonts are not embedded: Helvetica, Times-Roman, Symbol, Arial,Bold, Calibri. ' +
            'A printer may refuse the file; please export it with all fonts embedded.',
          fontsEmbedded: standard,
        },
        {
          ictacemId: made.fluid.ictacemId,
          title: 'Book fluid',
          startPage: expect.any(Number),
          preflight: expect.stringMatching(/^Warnings: The pages are 180 × 282 mm, not A4 or Letter\./),
          fontsEmbedded: [],
        },
      ]),
    );
    // A ZIP has no book report.
    const zip = await call(admin, 'POST', '/admin/jobs', {
      kind: 'paper_files_zip',
      audience: { kind: 'selection', paperIds: [fonts._id] },
      files: ['abstract'],
    });
    expect((await finished(zip.json().job._id)).book).toBeNull();
  });
});
