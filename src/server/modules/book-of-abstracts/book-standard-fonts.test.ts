import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Font } from '@pdf-lib/standard-fonts';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfRenderComplaints, pdfText } from '@server/test/poppler.ts';
import { type BookEntry, buildBookOfAbstracts } from './book-pdf.ts';

const COVER = {
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  shortName: 'ICTACEM 2025',
  dates: '29-31 December 2025',
  venue: 'IIT Kharagpur, India',
  isbn: '978-0-00-000000-0',
};
const FIXTURES = path.join(import.meta.dirname, '../preflight/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

function entry(n: number, load: () => Promise<Uint8Array>): BookEntry {
  return {
    ictacemId: `ICTACEM2025-000${n}`,
    title: `Paper ${n}`,
    theme: 'Fluid mechanics',
    authors: [{ name: `Author Number${n}`, affiliation: 'IIT' }],
    load,
  };
}

/** Helvetica, Times-Roman, Symbol and Word's Arial,Bold not embedded, and Calibri, which stays so. */
const standardFonts = (n: number) => entry(n, async () => fixture('standard-fonts-not-embedded.pdf'));
/** Courier without /Encoding (StandardEncoding) used only inside a form XObject. */
const formCourier = (n: number) => entry(n, async () => fixture('form-font-not-embedded.pdf'));

const build = (entries: BookEntry[], embedStandardFonts: boolean) =>
  buildBookOfAbstracts(COVER, entries, undefined, { embedStandardFonts });

/** The font dictionaries of the book named `baseFont`, wherever they are. */
function fontDicts(pdf: PDFDocument, baseFont: string): PDFDict[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFDict =>
        object instanceof PDFDict &&
        object.get(PDFName.of('Type')) === PDFName.of('Font') &&
        object.get(PDFName.of('BaseFont')) === PDFName.of(baseFont),
    );
}

const numbers = (array: PDFArray) => array.asArray().map((item) => (item as PDFNumber).asNumber());

describe('Book of Abstracts: standard fonts', () => {
  it('embeds the standard 14 it can substitute, keeps text and layout, and leaves the rest named', async () => {
    const entries = [standardFonts(1), formCourier(2)];
    const book = await build(entries, true);

    const fonts = await pdfFonts(book.pdf);
    const embedded = (name: string) => fonts.filter((font) => font.name === name).map((font) => font.embedded);
    for (const name of ['Helvetica', 'Times-Roman', 'Symbol', 'Arial,Bold', 'Courier']) {
      expect(embedded(name), name).toEqual([true]);
    }
    expect(embedded('Calibri')).toEqual([false]);
    expect(book.contents.map((line) => line.fonts)).toEqual([
      { substituted: ['Arial,Bold', 'Helvetica', 'Symbol', 'Times-Roman'], notEmbedded: ['Calibri'] },
      { substituted: ['Courier'], notEmbedded: [] },
    ]);

    const without = await build(entries, false);
    expect((await pdfFonts(without.pdf)).filter((font) => !font.embedded).map((font) => font.name)).toEqual(
      expect.arrayContaining(['Helvetica', 'Times-Roman', 'Symbol', 'Arial,Bold', 'Courier', 'Calibri']),
    );
    expect(without.contents.map((line) => line.fonts)).toEqual([
      { substituted: [], notEmbedded: ['Arial,Bold', 'Calibri', 'Helvetica', 'Symbol', 'Times-Roman'] },
      { substituted: [], notEmbedded: ['Courier'] },
    ]);

    // The same text comes out, accents, dashes, quotes and Greek included.
    const text = await pdfText(book.pdf);
    expect(text).toBe(await pdfText(without.pdf));
    expect(text).toContain('Café naïve – Ångström at 25 °C Œuvre “quoted” – Times body text αβγ Arial from Word');
    // Each abstract page draws without a complaint about its fonts.
    const first = book.contents[0]!.startPage;
    expect(await pdfRenderComplaints(book.pdf, first)).toBe('');
    expect(await pdfRenderComplaints(book.pdf, book.contents[1]!.startPage)).toBe('');
  });

  it('gives a font without widths the standard metrics of its encoding', async () => {
    const pdf = await PDFDocument.load((await build([standardFonts(1), formCourier(2)], true)).pdf);
    const [helvetica] = fontDicts(pdf, 'Helvetica');
    const widths = numbers(helvetica!.lookup(PDFName.of('Widths'), PDFArray));
    const firstChar = helvetica!.lookup(PDFName.of('FirstChar'), PDFNumber).asNumber();
    const metrics = Font.load(StandardFonts.Helvetica);
    // WinAnsi: 0xE9 is eacute, 0x96 endash, 0x80 Euro.
    expect(widths[0xe9 - firstChar]).toBe(metrics.getWidthOfGlyph('eacute'));
    expect(widths[0x96 - firstChar]).toBe(metrics.getWidthOfGlyph('endash'));
    expect(widths[0x41 - firstChar]).toBe(667);
    expect(helvetica!.get(PDFName.of('Subtype'))).toBe(PDFName.of('TrueType'));
    const descriptor = helvetica!.lookup(PDFName.of('FontDescriptor'), PDFDict);
    expect(descriptor.lookup(PDFName.of('Flags'), PDFNumber).asNumber() & 32).toBe(32);
    expect(numbers(descriptor.lookup(PDFName.of('FontBBox'), PDFArray))).toEqual(metrics.FontBBox);

    // Courier had no /Encoding: its built-in StandardEncoding is written out, 0x27 quoteright.
    const [courier] = fontDicts(pdf, 'Courier');
    const differences = courier!
      .lookup(PDFName.of('Encoding'), PDFDict)
      .lookup(PDFName.of('Differences'), PDFArray)
      .asArray();
    const at39 = differences.findIndex((item) => item instanceof PDFNumber && item.asNumber() === 32) + 1 + 39 - 32;
    expect(differences[at39]).toBe(PDFName.of('quoteright'));
    // Every code that names a glyph is 600 wide; the codes StandardEncoding leaves empty are 0.
    const courierWidths = numbers(courier!.lookup(PDFName.of('Widths'), PDFArray));
    const courierFirst = courier!.lookup(PDFName.of('FirstChar'), PDFNumber).asNumber();
    expect(courierFirst).toBe(32);
    expect(new Set(courierWidths.slice(0, 127 - 32))).toEqual(new Set([600]));
    expect(courierWidths[0o341 - 32]).toBe(600);
    expect(courierWidths[0o200 - 32]).toBe(0);
  });

  it('embeds each substitute once per book, shared by every font it replaces', async () => {
    const book = await build([standardFonts(1), standardFonts(2), standardFonts(3)], true);
    const pdf = await PDFDocument.load(book.pdf);
    const helveticas = fontDicts(pdf, 'Helvetica');
    expect(helveticas).toHaveLength(3);
    const files = new Set(
      helveticas.map((font) => font.lookup(PDFName.of('FontDescriptor'), PDFDict).get(PDFName.of('FontFile2'))),
    );
    expect(files.size).toBe(1);
    expect([...files][0]).toBeInstanceOf(PDFRef);
    // Three copies of the abstract cost one Liberation Sans, not three.
    const single = await build([standardFonts(1)], true);
    expect(book.pdf.length - single.pdf.length).toBeLessThan(3 * 8_000);
  });

  it('leaves alone what it cannot substitute faithfully', async () => {
    const source = await PDFDocument.create();
    const page = source.addPage();
    const ctx = source.context;
    // MacRoman has no table here, and without widths the layout could not be kept.
    const macRoman = ctx.register(
      ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'MacRomanEncoding' }),
    );
    // A name that only looks standard.
    const lookalike = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica-Narrow' }));
    page.node.setFontDictionary(PDFName.of('F1'), macRoman);
    page.node.setFontDictionary(PDFName.of('F2'), lookalike);
    page.node.addContentStream(
      ctx.register(ctx.flateStream('BT /F1 12 Tf 50 700 Td (Mac) Tj /F2 12 Tf (Narrow) Tj ET')),
    );
    const bytes = await source.save();

    const book = await build([entry(1, async () => bytes)], true);
    expect(book.contents[0]!.fonts).toEqual({ substituted: [], notEmbedded: ['Helvetica', 'Helvetica-Narrow'] });
  });
});
