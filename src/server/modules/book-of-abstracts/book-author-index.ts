// The author index: every author of every paper in the book, by surname, with the pages where
// their abstracts start.
import { type PDFDocument } from 'pdf-lib';
import { type PdfTypesetter } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';
import {
  A4,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  drawLeft,
  drawPageTitle,
  flowIntoPages,
  MARGIN,
  TITLED_PAGE_TOP,
} from './book-pdf-layout.ts';
import { type BookAuthor } from './book-types.ts';

export interface IndexedAuthor {
  name: string;
  /** Ascending, without repeats. */
  pages: number[];
}

export interface PaperInBook {
  authors: readonly BookAuthor[];
  startPage: number;
}

const NAME_COLUMN = 300;
const SIZE = 10;
const LEADING = 13;

// Base sensitivity ignores case and accents: 'müller' sorts as 'Muller'.
const collator = new Intl.Collator('en', { sensitivity: 'base' });

const tidyName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');
const surnameOf = (name: string) => name.split(' ').at(-1)!;
const byName = (a: IndexedAuthor, b: IndexedAuthor) =>
  collator.compare(surnameOf(a.name), surnameOf(b.name)) || collator.compare(a.name, b.name);

/** The index entries, sorted by surname (the last word of the name); one entry per distinct name. */
export function indexAuthors(papers: readonly PaperInBook[]): IndexedAuthor[] {
  // Keyed case-insensitively, so the same person typed twice with different capitals is one entry.
  const byKey = new Map<string, { name: string; pages: Set<number> }>();
  for (const { authors, startPage } of papers) {
    for (const author of authors) {
      const name = tidyName(author.name);
      if (!name) continue;
      const key = name.toLocaleLowerCase('en');
      const entry = byKey.get(key) ?? { name, pages: new Set<number>() };
      entry.pages.add(startPage);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].map(({ name, pages }) => ({ name, pages: [...pages].sort((a, b) => a - b) })).sort(byName);
}

/** Appends the index pages to the book; none when there are no authors. */
export function appendAuthorIndex(
  typesetter: PdfTypesetter,
  pdf: PDFDocument,
  authors: readonly IndexedAuthor[],
): void {
  const style = { weight: 'regular', size: SIZE } as const;
  const pagesWidth = CONTENT_WIDTH - NAME_COLUMN - 10;
  const blocks = authors.map((author) => {
    const nameLines = wrapToWidth(typesetter, author.name, style, NAME_COLUMN);
    const pageLines = wrapToWidth(typesetter, author.pages.join(', '), style, pagesWidth);
    return { nameLines, pageLines, height: Math.max(nameLines.length, pageLines.length) * LEADING };
  });
  if (blocks.length === 0) return;
  for (const layout of flowIntoPages(blocks, TITLED_PAGE_TOP, CONTENT_BOTTOM)) {
    const page = pdf.addPage(A4);
    drawPageTitle(typesetter, page, 'Author index');
    for (const { block, top } of layout) {
      block.nameLines.forEach((line, index) =>
        drawLeft(typesetter, page, line, style, MARGIN, top - SIZE - index * LEADING),
      );
      block.pageLines.forEach((line, index) =>
        drawLeft(typesetter, page, line, style, MARGIN + CONTENT_WIDTH - pagesWidth, top - SIZE - index * LEADING),
      );
    }
  }
}
