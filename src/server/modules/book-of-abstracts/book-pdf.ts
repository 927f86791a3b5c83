// The Book of Abstracts: a cover, the contents, every readable abstract as uploaded, and an
// author index, with running page numbers. The abstracts are copied first: only then is it known
// which files are readable and so how many contents pages there are, which the start pages need.
import { PDFDocument } from 'pdf-lib';
import { appendAbstract } from './book-abstract-source.ts';
import { appendAuthorIndex, indexAuthors } from './book-author-index.ts';
import { type ContentsItem, drawContentsPage, layoutContents } from './book-contents.ts';
import { PdfTypesetter } from '@server/lib/pdf/pdf-typesetter.ts';
import { StandardFontSubstitution } from '@server/lib/pdf/standard-fonts-substitution.ts';
import { drawCover } from './book-cover.ts';
import { A4 } from './book-pdf-layout.ts';
import { stampPageNumbers } from './book-page-numbers.ts';
import {
  type BookAbstractFonts,
  type BookCover,
  type BookEntry,
  type BookOptions,
  type BookProblem,
  type BuiltBook,
} from './book-types.ts';

export type {
  BookAbstractFonts,
  BookAuthor,
  BookContentsLine,
  BookCover,
  BookEntry,
  BookOptions,
  BookProblem,
  BuiltBook,
} from './book-types.ts';

interface CopiedAbstract {
  entry: BookEntry;
  pageCount: number;
  fonts: BookAbstractFonts;
}

type ProgressListener = (done: number, total: number) => void | Promise<void>;

/**
 * Copies the abstracts one at a time, so only one source file is in memory at once, and embeds
 * the standard fonts they name without embedding when asked to.
 */
async function appendAbstracts(
  pdf: PDFDocument,
  entries: readonly BookEntry[],
  options: BookOptions,
  onProgress?: ProgressListener,
) {
  const copied: CopiedAbstract[] = [];
  const problems: BookProblem[] = [];
  const fonts = new StandardFontSubstitution(pdf, options.embedStandardFonts);
  for (const [index, entry] of entries.entries()) {
    const result = await appendAbstract(pdf, entry);
    if ('problem' in result) problems.push({ ictacemId: entry.ictacemId, title: entry.title, reason: result.problem });
    else copied.push({ entry, pageCount: result.pages.length, fonts: await fonts.pages(result.pages) });
    await onProgress?.(index + 1, entries.length);
  }
  return { copied, problems };
}

/** Each abstract's first page number, given how many pages come before the first abstract. */
function startPagesOf(copied: readonly CopiedAbstract[], pagesBefore: number): number[] {
  let next = pagesBefore + 1;
  return copied.map(({ pageCount }) => {
    const startPage = next;
    next += pageCount;
    return startPage;
  });
}

const toContentsItem = ({ entry }: CopiedAbstract): ContentsItem => ({
  ictacemId: entry.ictacemId,
  title: entry.title,
  theme: entry.theme,
  authors: entry.authors.map(({ name }) => name),
});

/** Inserts the contents after the cover and returns the abstracts' start pages. */
function insertContents(typesetter: PdfTypesetter, pdf: PDFDocument, copied: readonly CopiedAbstract[]): number[] {
  const layout = layoutContents(typesetter, copied.map(toContentsItem));
  const startPages = startPagesOf(copied, 1 + layout.length);
  layout.forEach((blocks, index) => drawContentsPage(typesetter, pdf.insertPage(1 + index, A4), blocks, startPages));
  return startPages;
}

function setMetadata(pdf: PDFDocument, cover: BookCover): void {
  pdf.setTitle(`${cover.shortName} Book of Abstracts`);
  pdf.setProducer(cover.shortName);
  pdf.setCreator(cover.shortName);
  pdf.setLanguage('en');
}

export async function buildBookOfAbstracts(
  cover: BookCover,
  entries: readonly BookEntry[],
  onProgress?: ProgressListener,
  options: BookOptions = { embedStandardFonts: true },
): Promise<BuiltBook> {
  const pdf = await PDFDocument.create();
  setMetadata(pdf, cover);
  const typesetter = await PdfTypesetter.for(pdf);
  const coverPage = pdf.addPage(A4);
  const { copied, problems } = await appendAbstracts(pdf, entries, options, onProgress);
  const startPages = insertContents(typesetter, pdf, copied);
  const papers = copied.map(({ entry }, index) => ({ authors: entry.authors, startPage: startPages[index]! }));
  appendAuthorIndex(typesetter, pdf, indexAuthors(papers));
  stampPageNumbers(typesetter, pdf);
  drawCover(typesetter, coverPage, cover, pdf.getPageCount());
  return {
    pdf: await typesetter.save(),
    pageCount: pdf.getPageCount(),
    contents: copied.map(({ entry, fonts }, index) => ({
      ictacemId: entry.ictacemId,
      title: entry.title,
      theme: entry.theme,
      startPage: startPages[index]!,
      fonts,
    })),
    problems,
  };
}
