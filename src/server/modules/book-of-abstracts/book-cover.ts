import { type PDFPage } from 'pdf-lib';
import { type PdfTypesetter, type TextStyle } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';
import { A4, CONTENT_WIDTH, drawCentred } from './book-pdf-layout.ts';
import { type BookCover } from './book-types.ts';

interface CoverLine {
  text: string;
  style: TextStyle;
  /** Space left above the line, in points. */
  spaceBefore: number;
}

function coverLines(typesetter: PdfTypesetter, cover: BookCover, pageCount: number): CoverLine[] {
  const line = (text: string, style: TextStyle, spaceBefore: number): CoverLine[] =>
    wrapToWidth(typesetter, text, style, CONTENT_WIDTH).map((wrapped, index) => ({
      text: wrapped,
      style,
      spaceBefore: index === 0 ? spaceBefore : style.size * 0.35,
    }));
  return [
    ...line(cover.fullName, { weight: 'bold', size: 22 }, 0),
    ...line(cover.shortName, { weight: 'regular', size: 18 }, 18),
    ...line('Book of Abstracts', { weight: 'bold', size: 32 }, 90),
    ...line(cover.dates, { weight: 'regular', size: 14 }, 90),
    ...line(cover.venue, { weight: 'regular', size: 14 }, 8),
    ...line(`ISBN: ${cover.isbn}`, { weight: 'regular', size: 11 }, 60),
    ...line(`${pageCount} pages`, { weight: 'regular', size: 11 }, 8),
  ];
}

/** Draws the cover; drawn last, since it gives the book's page count. */
export function drawCover(typesetter: PdfTypesetter, page: PDFPage, cover: BookCover, pageCount: number): void {
  let y = A4[1] - 200;
  for (const { text, style, spaceBefore } of coverLines(typesetter, cover, pageCount)) {
    y -= spaceBefore + style.size;
    drawCentred(typesetter, page, text, style, y);
  }
}
