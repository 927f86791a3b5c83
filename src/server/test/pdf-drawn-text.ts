// Reads back the text that pdf-lib drew on a page. pdf-lib cannot extract text in general, but
// with the standard fonts it writes every string as one hex string, placed by a Tm operator and
// shown by a Tj operator, which is all the PDFs under test contain.
import { decodePDFRawStream, PDFArray, type PDFPage, PDFRawStream } from 'pdf-lib';

function contentStreamsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream);
}

export interface DrawnText {
  text: string;
  x: number;
  y: number;
}

/** Each string drawn on the page with where it starts, in drawing order. */
export function drawnTextWithPositionsOf(page: PDFPage): DrawnText[] {
  const source = contentStreamsOf(page)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  return [...source.matchAll(/(-?[\d.]+) (-?[\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g)].map(([, x, y, hex]) => ({
    text: Buffer.from(hex!, 'hex').toString('latin1'),
    x: Number(x),
    y: Number(y),
  }));
}

/** Each string drawn on the page, in drawing order. */
export function drawnTextOf(page: PDFPage): string[] {
  return drawnTextWithPositionsOf(page).map(({ text }) => text);
}
