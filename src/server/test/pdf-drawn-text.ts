// Reads back the text drawn on a page. pdf-lib cannot extract text in general, but the PDFs under
// test contain only two kinds: the site's own lines, each in a marked span whose ActualText is
// the line as typed, followed by a Tm where it starts; and test fixtures drawn with pdf-lib's
// standard fonts, which write a string as one hex string placed by Tm and shown by Tj.
import { decodePDFRawStream, PDFArray, PDFHexString, type PDFPage, PDFRawStream } from 'pdf-lib';

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
  const spanOrString =
    /\/ActualText <([0-9A-Fa-f]*)>\s*>> BDC[\s\S]*?(-?[\d.]+) (-?[\d.]+) Tm[\s\S]*?EMC|(-?[\d.]+) (-?[\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g;
  return [...source.matchAll(spanOrString)].map(([, actualText, spanX, spanY, x, y, hex]) =>
    actualText === undefined
      ? { text: Buffer.from(hex!, 'hex').toString('latin1'), x: Number(x), y: Number(y) }
      : { text: PDFHexString.of(actualText).decodeText(), x: Number(spanX), y: Number(spanY) },
  );
}

/** Each string drawn on the page, in drawing order. */
export function drawnTextOf(page: PDFPage): string[] {
  return drawnTextWithPositionsOf(page).map(({ text }) => text);
}
