import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import { indexAuthors } from './book-author-index.ts';
import { type BookEntry, buildBookOfAbstracts } from './book-pdf.ts';

const COVER = {
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  shortName: 'ICTACEM 2025',
  dates: '29-31 December 2025',
  venue: 'IIT Kharagpur, India',
  isbn: '978-0-00-000000-0',
};
const A4_WIDTH = 595.28;

const idOf = (n: number) => `ICTACEM2025-${String(n).padStart(4, '0')}`;

/** An abstract whose pages are `width` wide, so that the book's pages can be traced back to it. */
async function abstractPdf(width: number, pageCount: number, marker: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pageCount; index += 1) {
    const page = pdf.addPage([width, 842]);
    if (index === 0) page.drawText(marker, { x: 40, y: 700, size: 12, font });
  }
  return pdf.save();
}

/** A PDF that declares itself encrypted, which is all pdf-lib looks at. */
async function encryptedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const source = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
  return Buffer.from(
    source.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 >>'),
    'latin1',
  );
}

function entry(n: number, load: () => Promise<Uint8Array>, overrides: Partial<BookEntry> = {}): BookEntry {
  return {
    ictacemId: idOf(n),
    title: `Paper ${n}`,
    theme: 'Fluid mechanics',
    authors: [{ name: `Author Number${n}`, affiliation: 'IIT' }],
    load,
    ...overrides,
  };
}

const readable = (n: number, pageCount: number, overrides: Partial<BookEntry> = {}) =>
  entry(n, () => abstractPdf(500 + n, pageCount, `ABSTRACT ${idOf(n)}`), overrides);

describe('buildBookOfAbstracts', () => {
  it('lays out cover, contents, abstracts, author index and page numbers', async () => {
    const entries = [
      readable(1, 1, { authors: [{ name: 'Zoë Ångström', affiliation: 'KTH' }] }),
      readable(2, 2, {
        authors: [
          { name: 'Ravi Kumar', affiliation: 'IIT' },
          { name: 'zoë ångström', affiliation: '' },
        ],
      }),
      readable(3, 1, { theme: 'Solid mechanics' }),
    ];
    const book = await buildBookOfAbstracts(COVER, entries);
    const pdf = await PDFDocument.load(book.pdf, { updateMetadata: false });

    // Each abstract names Helvetica without embedding it: the book embeds its substitute.
    const fonts = { substituted: ['Helvetica'], notEmbedded: [] };
    expect(book.contents).toEqual([
      { ictacemId: idOf(1), title: 'Paper 1', theme: 'Fluid mechanics', startPage: 3, fonts },
      { ictacemId: idOf(2), title: 'Paper 2', theme: 'Fluid mechanics', startPage: 4, fonts },
      { ictacemId: idOf(3), title: 'Paper 3', theme: 'Solid mechanics', startPage: 6, fonts },
    ]);
    // Cover, one contents page, 4 abstract pages, one index page.
    expect(book.pageCount).toBe(7);
    expect(pdf.getPageCount()).toBe(7);
    expect(pdf.getPages().map((page) => page.getWidth())).toEqual([A4_WIDTH, A4_WIDTH, 501, 502, 502, 503, A4_WIDTH]);
    expect(drawnTextOf(pdf.getPage(0))).toEqual(
      expect.arrayContaining(['ICTACEM 2025', 'Book of Abstracts', '7 pages']),
    );
    expect(drawnTextOf(pdf.getPage(1))).toEqual(
      expect.arrayContaining([
        'Contents',
        'Fluid mechanics',
        'Solid mechanics',
        'Paper 2',
        `${idOf(2)} · Ravi Kumar, zoë ångström`,
        '4',
      ]),
    );
    expect(drawnTextOf(pdf.getPage(3))).toContain(`ABSTRACT ${idOf(2)}`);
    // The same name typed twice is one entry.
    expect(drawnTextOf(pdf.getPage(6))).toEqual(
      expect.arrayContaining(['Author index', 'Ravi Kumar', '4', 'Zoë Ångström', '3, 4', 'Author Number3', '6']),
    );
    pdf.getPages().forEach((page, index) => {
      if (index > 0) expect(drawnTextOf(page).at(-1)).toBe(String(index + 1));
    });
    expect(drawnTextOf(pdf.getPage(0))).not.toContain('1');
    expect(pdf.getTitle()).toBe('ICTACEM 2025 Book of Abstracts');
    expect(pdf.getProducer()).toBe('ICTACEM 2025');
  });

  it('lists unreadable files as problems, leaves them out, and reports progress for every entry', async () => {
    const entries = [
      entry(1, async () => Buffer.from('PK\u0003\u0004 a zip file')),
      readable(2, 1),
      entry(3, async () => Buffer.from('%PDF-1.7 garbage')),
      entry(4, async () => {
        throw new Error('missing from storage');
      }),
      entry(5, encryptedPdf),
      entry(6, async () => (await PDFDocument.create()).save({ addDefaultPage: false })),
    ];
    const progress: [number, number][] = [];
    const book = await buildBookOfAbstracts(COVER, entries, async (done, total) => {
      progress.push([done, total]);
    });

    expect(book.problems).toEqual([
      { ictacemId: idOf(1), title: 'Paper 1', reason: 'Not a PDF file.' },
      { ictacemId: idOf(3), title: 'Paper 3', reason: 'The PDF could not be read.' },
      { ictacemId: idOf(4), title: 'Paper 4', reason: 'The file could not be read.' },
      { ictacemId: idOf(5), title: 'Paper 5', reason: 'The PDF is encrypted.' },
      { ictacemId: idOf(6), title: 'Paper 6', reason: 'The PDF has no pages.' },
    ]);
    expect(book.contents.map((line) => line.ictacemId)).toEqual([idOf(2)]);
    expect(book.pageCount).toBe(4);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6].map((done) => [done, 6]));
  });

  it('still makes a cover and a contents page when no abstract is readable', async () => {
    const noEntries = await buildBookOfAbstracts(COVER, []);
    const onlyProblems = await buildBookOfAbstracts(COVER, [entry(1, async () => Buffer.from('not a pdf'))]);

    for (const book of [noEntries, onlyProblems]) {
      const pdf = await PDFDocument.load(book.pdf);
      expect(pdf.getPageCount()).toBe(2);
      expect(book.contents).toEqual([]);
      expect(drawnTextOf(pdf.getPage(1))).toEqual(expect.arrayContaining(['Contents', 'No abstracts.']));
    }
    expect(onlyProblems.problems).toHaveLength(1);
  });

  it('prints names, titles and themes in any script as typed, every title in full and every author', async () => {
    const title = `流体力学 — Ōtsuki–Łukasiewicz flows ${'very long title '.repeat(30)}`.trim();
    const book = await buildBookOfAbstracts(COVER, [
      readable(1, 1, {
        title,
        theme: 'Théorie des écoulements',
        authors: [
          { name: '李明', affiliation: '清华大学' },
          { name: 'Łukasz Żółć', affiliation: 'PW' },
        ],
      }),
    ]);
    const pdf = await PDFDocument.load(book.pdf);

    const contents = drawnTextOf(pdf.getPage(1));
    expect(contents).toEqual(expect.arrayContaining([`${idOf(1)} · 李明, Łukasz Żółć`, 'Théorie des écoulements']));
    // Five lines of title, none cut short.
    const titleLines = contents.slice(contents.indexOf('Théorie des écoulements') + 1, -3);
    expect(titleLines).toHaveLength(5);
    expect(titleLines.join(' ')).toBe(title);
    expect(drawnTextOf(pdf.getPage(3))).toEqual(expect.arrayContaining(['李明', 'Łukasz Żółć']));
  });

  it('spreads 200 papers over several contents pages with start pages that match the book', async () => {
    const pagesOf = (n: number) => (n % 7 === 0 ? 2 : 1);
    const entries = Array.from({ length: 200 }, (_, n) =>
      entry(n, () => abstractPdf(300 + n, pagesOf(n), `ABSTRACT ${idOf(n)}`), {
        theme: `Theme ${Math.floor(n / 40)}`,
        title: `A study of case ${n} ${'with a title long enough to wrap onto a second line '.repeat(n % 3)}`,
      }),
    );
    const book = await buildBookOfAbstracts(COVER, entries);
    const pdf = await PDFDocument.load(book.pdf);

    const contentsPages = book.contents[0]!.startPage - 2;
    expect(contentsPages).toBeGreaterThan(2);
    book.contents.forEach((line, n) => {
      expect(line.ictacemId).toBe(idOf(n));
      expect(pdf.getPage(line.startPage - 1).getWidth()).toBe(300 + n);
    });
    const last = book.contents.at(-1)!;
    const indexPages = pdf.getPageCount() - (last.startPage - 1 + pagesOf(199));
    expect(indexPages).toBeGreaterThanOrEqual(1);
    const abstractPages = entries.reduce((sum, _, n) => sum + pagesOf(n), 0);
    expect(pdf.getPageCount()).toBe(1 + contentsPages + abstractPages + indexPages);
    for (let index = 1; index <= contentsPages; index += 1) expect(pdf.getPage(index).getWidth()).toBe(A4_WIDTH);
  });
});

describe('indexAuthors', () => {
  it('sorts by surname ignoring case and accents, with each start page once and in order', () => {
    const index = indexAuthors([
      {
        startPage: 9,
        authors: [
          { name: 'Anna Zimmer', affiliation: '' },
          { name: 'Chen  Li', affiliation: '' },
        ],
      },
      {
        startPage: 3,
        authors: [
          { name: 'bob émile', affiliation: '' },
          { name: 'Chen Li', affiliation: '' },
        ],
      },
      {
        startPage: 5,
        authors: [
          { name: 'Eve Adams', affiliation: '' },
          { name: 'Chen Li', affiliation: '' },
        ],
      },
      {
        startPage: 5,
        authors: [
          { name: 'Chen Li', affiliation: '' },
          { name: ' ', affiliation: '' },
        ],
      },
    ]);

    expect(index).toEqual([
      { name: 'Eve Adams', pages: [5] },
      { name: 'bob émile', pages: [3] },
      { name: 'Chen Li', pages: [3, 5, 9] },
      { name: 'Anna Zimmer', pages: [9] },
    ]);
  });
});
