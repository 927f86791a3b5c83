import { type PDFPage } from 'pdf-lib';
import { type PdfTextStyle, wrapToWidth } from '../../lib/pdf-text.ts';
import { A4, type BookFonts, CONTENT_WIDTH, drawCentred } from './book-pdf-layout.ts';
import { type BookCover } from './book-types.ts';

interface CoverLine {
  text: string;
  style: PdfTextStyle;
  /** Space left above the line, in points. */
  spaceBefore: number;
}

function coverLines(cover: BookCover, fonts: BookFonts): CoverLine[] {
  const line = (text: string, font: BookFonts[keyof BookFonts], size: number, spaceBefore: number): CoverLine[] =>
    wrapToWidth(text, { font, size }, CONTENT_WIDTH).map((wrapped, index) => ({
      text: wrapped,
      style: { font, size },
      spaceBefore: index === 0 ? spaceBefore : size * 0.35,
    }));
  return [
    ...line(cover.fullName, fonts.bold, 22, 0),
    ...line(cover.shortName, fonts.regular, 18, 18),
    ...line('Book of Abstracts', fonts.bold, 32, 90),
    ...line(cover.dates, fonts.regular, 14, 90),
    ...line(cover.venue, fonts.regular, 14, 8),
    ...line(`ISBN: ${cover.isbn}`, fonts.regular, 11, 60),
  ];
}

export function drawCover(page: PDFPage, cover: BookCover, fonts: BookFonts): void {
  let y = A4[1] - 200;
  for (const { text, style, spaceBefore } of coverLines(cover, fonts)) {
    y -= spaceBefore + style.size;
    drawCentred(page, text, style, y);
  }
}
