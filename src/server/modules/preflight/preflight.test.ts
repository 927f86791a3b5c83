import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PAGE_LIMITS, type PreflightFindingCode } from '@shared/schemas/preflight.ts';
import { pdfPreflights } from '@server/db/schema/index.ts';
import { createTestUser, submissionFields, type TestUser } from '@server/test/factories.ts';
import { multipart } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { inspectPdf } from './pdf-inspect.ts';
import { findingsFor, PREFLIGHT_MESSAGES } from './preflight-findings.ts';
import { inspectInWorker } from './preflight-pool.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

// Every file of the corpus (scripts/make-preflight-corpus.ts) with the findings it must give,
// refused ones marked with "!".
const EXPECTED: Record<string, string[]> = {
  'embedded-a4.pdf': [],
  'embedded-letter.pdf': [],
  'a4-landscape-rotated.pdf': [],
  'object-streams.pdf': [],
  'a5.pdf': ['page_size'],
  'mixed-sizes.pdf': ['mixed_page_sizes'],
  'not-embedded.pdf': ['fonts_not_embedded'],
  'form-font-not-embedded.pdf': ['fonts_not_embedded'],
  'standard-fonts-not-embedded.pdf': ['fonts_not_embedded'],
  'type0-not-embedded.pdf': ['fonts_not_embedded'],
  'type3.pdf': ['type3_fonts'],
  'scanned.pdf': ['scanned'],
  'javascript.pdf': ['!javascript'],
  'page-javascript.pdf': ['!javascript'],
  'launch.pdf': ['!launch_action'],
  'submit-form.pdf': ['other_action'],
  'attachment.pdf': ['embedded_files'],
  'encrypted.pdf': ['!encrypted'],
  'broken.pdf': ['!unreadable'],
};

function codes(findings: { code: PreflightFindingCode; severity: string }[]): string[] {
  return findings.map((f) => (f.severity === 'refused' ? `!${f.code}` : f.code));
}

describe('preflight: what the check finds in each file of the corpus', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${expected.join(', ') || 'nothing'}`, async () => {
      const facts = await inspectPdf(fixture(name));
      expect(codes(findingsFor(facts, 'abstract', NO_PAGE_LIMITS))).toEqual(expected);
    });
  }

  it('names the fonts that are not embedded, in a form XObject and a Type0 descendant too', async () => {
    const helvetica = findingsFor(await inspectPdf(fixture('not-embedded.pdf')), 'abstract', NO_PAGE_LIMITS);
    expect(helvetica[0]!.message).toBe(PREFLIGHT_MESSAGES.fontsNotEmbedded(['Helvetica']));
    const form = await inspectPdf(fixture('form-font-not-embedded.pdf'));
    expect(form.fonts.filter((f) => !f.embedded).map((f) => f.name)).toEqual(['Courier']);
    const type0 = await inspectPdf(fixture('type0-not-embedded.pdf'));
    expect(type0.fonts.find((f) => f.name === 'MSMincho')).toEqual({
      name: 'MSMincho',
      type: 'Type0',
      embedded: false,
    });
    const type3 = await inspectPdf(fixture('type3.pdf'));
    expect(type3.fonts.find((f) => f.type === 'Type3')?.name).toBe('BitmapSquare');
  });

  it('counts pages against the limits for the kind, refusing outside them', async () => {
    const facts = await inspectPdf(fixture('mixed-sizes.pdf'));
    expect(facts.pageCount).toBe(3);
    const limits = { ...NO_PAGE_LIMITS, abstractMaxPages: 2, fullPaperMinPages: 4 };
    expect(findingsFor(facts, 'abstract', limits)[0]).toEqual({
      code: 'too_many_pages',
      severity: 'refused',
      message: 'This PDF has 3 pages; an abstract may have at most 2.',
    });
    expect(findingsFor(facts, 'full_paper', limits)[0]?.message).toBe(
      'This PDF has 3 pages; a full paper must have at least 4.',
    );
    expect(codes(findingsFor(facts, 'full_paper', { ...NO_PAGE_LIMITS, fullPaperMaxPages: 3 }))).toEqual([
      'mixed_page_sizes',
    ]);
  });
});

describe('preflight: hostile files in the worker thread', () => {
  it('reports a compression bomb as unreadable while the event loop goes on', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    delay.enable();
    const started = performance.now();
    const outcome = await inspectInWorker(fixture('bomb.pdf'));
    const elapsed = performance.now() - started;
    delay.disable();
    clearInterval(ticker);
    expect(outcome.facts.readable).toBe(false);
    expect(findingsFor(outcome.facts, 'abstract', NO_PAGE_LIMITS)[0]!.message).toBe('This PDF could not be read.');
    // The check took a while (a thread starts, 256 MB are inflated up to the cap), and the server's
    // loop answered all along: a 20 ms timer kept firing, no pause of half a second.
    expect(elapsed).toBeGreaterThan(300);
    expect(ticks).toBeGreaterThan(elapsed / 20 / 4);
    expect(delay.max / 1e6).toBeLessThan(500);
  });

  it('reports a deeply nested file as unreadable', async () => {
    const outcome = await inspectInWorker(fixture('nested.pdf'));
    expect(outcome.facts.readable).toBe(false);
  });

  it('stops a check that passes its time limit, and one that passes its memory limit', async () => {
    const slow = await inspectInWorker(fixture('bomb.pdf'), { timeoutMs: 100, maxHeapMb: 512, concurrency: 2 });
    expect(slow).toMatchObject({ failure: 'timeout', facts: { readable: false } });
    // 40,000 pages need far more than 8 MB of heap to parse.
    const many = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
        `2 0 obj << /Type /Pages /Kids [${Array.from({ length: 40_000 }, (_, i) => `${i + 3} 0 R`).join(' ')}] /Count 40000 >> endobj\n` +
        Array.from(
          { length: 40_000 },
          (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n`,
        ).join('') +
        'trailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const heavy = await inspectInWorker(many, { timeoutMs: 60_000, maxHeapMb: 8, concurrency: 2 });
    expect(heavy.facts.readable).toBe(false);
    expect(heavy.failure).toMatch(/memory|crash/);
  });
});

describe('preflight: at upload, before Submit, and for the organiser', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app, { username: 'Nguyễn Thị Minh Khai' });
  });
  afterAll(() => t.close());

  function submit(user: TestUser, content: Buffer, field = 'paperPdf', url = `${API}/papers/submit`) {
    const body = multipart(submissionFields({ title: 'Струйные течения и वायुगतिकी' }), [
      { field, name: 'abstract.pdf', content },
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  }

  it('refuses an abstract with JavaScript, naming it, and keeps nothing', async () => {
    const res = await submit(author, fixture('javascript.pdf'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PREFLIGHT_MESSAGES.javascript);
    const list = await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: author.cookie } });
    expect(list.json()).toEqual([]);
  });

  it('refuses an encrypted file and one it cannot read', async () => {
    expect((await submit(author, fixture('encrypted.pdf'))).json().message).toBe(PREFLIGHT_MESSAGES.encrypted);
    const broken = await submit(author, fixture('broken.pdf'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('This PDF could not be read.');
  });

  it('checks a chosen file before Submit, author-only, and measures it once by its hash', async () => {
    const body = multipart({}, [{ field: 'pdf', name: 'draft.pdf', content: fixture('not-embedded.pdf') }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/preflight`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/preflight?kind=abstract`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report).toMatchObject({ verdict: 'warnings', pageCount: 1, pageSizes: ['A4, 1 page'] });
    expect(report.findings.map((f: { message: string }) => f.message)).toEqual([
      PREFLIGHT_MESSAGES.fontsNotEmbedded(['Helvetica']),
    ]);
    const rows = await t.app.ctx.db.select().from(pdfPreflights).where(eq(pdfPreflights.sha256, report.sha256));
    expect(rows).toHaveLength(1);
    const checkedAt = rows[0]!.checkedAt;

    // Submitted with its warning: taken, and the stored result is used, not a second run.
    const submitted = await submit(author, fixture('not-embedded.pdf'));
    expect(submitted.statusCode).toBe(201);
    const again = await t.app.ctx.db.select().from(pdfPreflights).where(eq(pdfPreflights.sha256, report.sha256));
    expect(again[0]!.checkedAt).toEqual(checkedAt);

    const paperId = submitted.json().paper._id as string;
    const forAuthor = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${paperId}/preflight`,
      headers: { cookie: author.cookie },
    });
    expect(forAuthor.statusCode).toBe(403);
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${paperId}/preflight`,
      headers: { cookie: admin.cookie },
    });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toMatchObject({
      abstract: { verdict: 'warnings', sha256: report.sha256 },
      fullPaper: null,
    });

    // The paper list: its Preflight column and filter.
    const list = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `${API}/admin/papers${query}`, headers: { cookie: admin.cookie } })
      ).json().papers as { _id: string; preflight: string }[];
    expect((await list('')).find((p) => p._id === paperId)?.preflight).toBe('warnings');
    expect((await list('?preflight=warnings')).map((p) => p._id)).toEqual([paperId]);
    expect(await list('?preflight=passed')).toEqual([]);
  });

  it('lists, before the book is built, the accepted abstracts whose fonts are not embedded', async () => {
    const writer = await createTestUser(t.app, { username: '王小明' });
    const res = await submit(writer, fixture('form-font-not-embedded.pdf'));
    expect(res.statusCode).toBe(201);
    const paperId = res.json().paper._id as string;
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paperId}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: '' },
    });
    const book = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/book-preflight`,
      headers: { cookie: admin.cookie },
    });
    expect(book.statusCode).toBe(200);
    expect(book.json().messages).toEqual([
      '1 abstract has fonts that are not embedded: a printer may refuse the book.',
    ]);
    expect(book.json().fontsNotEmbedded).toEqual([
      expect.objectContaining({ title: 'Струйные течения и वायुगतिकी', fonts: ['Courier'] }),
    ]);
  });

  it('applies the organiser’s page limits at upload', async () => {
    const limits = {
      abstractMinPages: null,
      abstractMaxPages: 1,
      fullPaperMinPages: null,
      fullPaperMaxPages: null,
    };
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/page-limits`,
      headers: { cookie: admin.cookie },
      payload: { ...limits, abstractMinPages: 3 },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/page-limits`,
      headers: { cookie: admin.cookie },
      payload: limits,
    });
    expect(saved.json()).toMatchObject({ message: 'Page limits saved.', limits });
    const other = await createTestUser(t.app, { username: 'Zażółć Gęślą' });
    const res = await submit(other, fixture('embedded-a4.pdf'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This PDF has 2 pages; an abstract may have at most 1.');
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/settings/page-limits`,
      headers: { cookie: admin.cookie },
    });
    expect(read.json().limits).toEqual(limits);
  });
});
