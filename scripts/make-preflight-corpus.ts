// Writes the preflight's test corpus to src/server/modules/preflight/fixtures/ (committed):
// one small PDF per case the check must tell apart, each with its expected findings in
// preflight.test.ts. Run again after changing a case: `tsx scripts/make-preflight-corpus.ts`.
// Needs qpdf (for the encrypted case). Every file is deterministic except the encrypted one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflate } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFNumber, PDFString, PageSizes, StandardFonts, rgb } from 'pdf-lib';

const OUT = 'src/server/modules/preflight/fixtures';
const require = createRequire(import.meta.url);
const NOTO = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');

async function fresh(): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  return doc;
}

async function save(doc: PDFDocument, useObjectStreams = false): Promise<Uint8Array> {
  return doc.save({ useObjectStreams });
}

/** A page of text in Noto Sans, embedded as a subset: what a good abstract is. */
export async function embeddedPdf(pages = 1, size: [number, number] = PageSizes.A4): Promise<PDFDocument> {
  const doc = await fresh();
  const font = await doc.embedFont(readFileSync(NOTO), { subset: true });
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage(size);
    page.drawText(`Wake dynamics of tandem cylinders, page ${i + 1}`, { x: 50, y: size[1] - 80, size: 14, font });
  }
  return doc;
}

/** Helvetica named but not embedded (pdf-lib's standard fonts are referenced, never embedded). */
async function standardFontPdf(): Promise<PDFDocument> {
  const doc = await fresh();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(PageSizes.A4);
  page.drawText('Turbulent boundary layers', { x: 50, y: 760, size: 14, font });
  return doc;
}

/**
 * The standard fonts as office programs leave them: Helvetica, Times-Roman (WinAnsi) and Symbol
 * (its own encoding) named by pdf-lib, with neither widths nor descriptor; Arial as Word writes
 * it (TrueType, WinAnsi, widths and a descriptor, no font file); and Calibri, which no standard
 * font replaces. The Book of Abstracts embeds substitutes for all but Calibri.
 */
export async function standardFontsPdf(): Promise<PDFDocument> {
  const doc = await fresh();
  const page = doc.addPage(PageSizes.A4);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const symbol = await doc.embedFont(StandardFonts.Symbol);
  page.drawText('Café naïve – Ångström at 25 °C', { x: 50, y: 760, size: 14, font: helvetica });
  page.drawText('Œuvre “quoted” – Times body text', { x: 50, y: 730, size: 12, font: times });
  page.drawText('αβγ', { x: 50, y: 700, size: 12, font: symbol });
  const ctx = doc.context;
  const wordFont = (baseFont: string, widths: number[]) =>
    ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'TrueType',
        BaseFont: baseFont,
        Encoding: 'WinAnsiEncoding',
        FirstChar: 32,
        LastChar: 32 + widths.length - 1,
        Widths: widths,
        FontDescriptor: ctx.register(
          ctx.obj({
            Type: 'FontDescriptor',
            FontName: baseFont,
            Flags: 32,
            FontBBox: [-665, -325, 2000, 1006],
            ItalicAngle: 0,
            Ascent: 905,
            Descent: -212,
            CapHeight: 716,
            StemV: 80,
          }),
        ),
      }),
    );
  // Arial's widths are Helvetica's; Calibri's here only need to be plausible.
  const arialWidths = Array.from({ length: 95 }, (_, i) =>
    helvetica.widthOfTextAtSize(String.fromCharCode(32 + i), 1000),
  );
  const arial = wordFont('Arial,Bold', arialWidths);
  const calibri = wordFont(
    'Calibri',
    Array.from({ length: 95 }, () => 500),
  );
  page.node.setFontDictionary(PDFName.of('TT1'), arial);
  page.node.setFontDictionary(PDFName.of('TT2'), calibri);
  page.node.addContentStream(
    ctx.register(
      ctx.flateStream('BT /TT1 12 Tf 50 670 Td (Arial from Word) Tj ET BT /TT2 12 Tf 50 640 Td (Calibri stays) Tj ET'),
    ),
  );
  return doc;
}

/** A Type 3 font drawing one square glyph. */
async function type3Pdf(): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  const ctx = doc.context;
  const glyph = ctx.flateStream('0 0 750 750 re f');
  const font = ctx.obj({
    Type: 'Font',
    Subtype: 'Type3',
    Name: 'BitmapSquare',
    FontBBox: [0, 0, 750, 750],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: { square: ctx.register(glyph) },
    Encoding: { Type: 'Encoding', Differences: [65, 'square'] },
    FirstChar: 65,
    LastChar: 65,
    Widths: [750],
  });
  const page = doc.getPage(0);
  const fontKey = page.node.newFontDictionaryKey('T3');
  page.node.setFontDictionary(fontKey, ctx.register(font));
  const content = ctx.flateStream(`BT /${fontKey.decodeText()} 12 Tf 50 700 Td (AAA) Tj ET`);
  page.node.addContentStream(ctx.register(content));
  return doc;
}

/** A page that is only an image: a scan, no text to extract. */
async function scannedPdf(): Promise<PDFDocument> {
  const doc = await fresh();
  const page = doc.addPage(PageSizes.A4);
  // A 2 × 2 grey PNG, drawn over the whole page.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAAEUlEQVR4nGNgYGD4z8DAwMAAAAUAAUzvxEAAAAAASUVORK5CYII=',
    'base64',
  );
  const image = await doc.embedPng(png);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  page.drawRectangle({ x: 10, y: 10, width: 5, height: 5, color: rgb(0, 0, 0) });
  return doc;
}

async function withOpenAction(action: Record<string, PDFString | string>): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(doc.context.obj(action)));
  return doc;
}

/** A link annotation whose action submits a form: "other action", a warning. */
async function submitFormPdf(): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  const ctx = doc.context;
  const annot = ctx.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 50, 150, 80],
    A: { S: 'SubmitForm', F: PDFString.of('https://example.org/collect') },
  });
  doc.getPage(0).node.set(PDFName.of('Annots'), ctx.obj([ctx.register(annot)]));
  return doc;
}

/** JavaScript only in the page's additional actions of a form XObject-bearing page (found on the page). */
async function pageJavaScriptPdf(): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  const ctx = doc.context;
  doc.getPage(0).node.set(PDFName.of('AA'), ctx.obj({ O: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') } }));
  return doc;
}

/** A font that is only used inside a form XObject, not embedded: the walk must reach it. */
async function formFontPdf(): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  const ctx = doc.context;
  const courier = ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Courier' });
  const form = ctx.flateStream('BT /F9 10 Tf 0 0 Td (x) Tj ET', {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 100, 100],
    Resources: { Font: { F9: ctx.register(courier) } },
  });
  const page = doc.getPage(0);
  const key = page.node.newXObject('Fm', ctx.register(form));
  page.node.addContentStream(ctx.register(ctx.flateStream(`q /${key.decodeText()} Do Q`)));
  return doc;
}

/** A Type0 font whose descendant has no font file. */
async function type0NotEmbeddedPdf(): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  const ctx = doc.context;
  const descriptor = ctx.obj({ Type: 'FontDescriptor', FontName: 'MSMincho', Flags: 4, ItalicAngle: 0 });
  const descendant = ctx.obj({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: 'MSMincho',
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Japan1'), Supplement: 6 },
    FontDescriptor: ctx.register(descriptor),
  });
  const type0 = ctx.obj({
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: 'MSMincho',
    Encoding: 'Identity-H',
    DescendantFonts: [ctx.register(descendant)],
  });
  doc.getPage(0).node.setFontDictionary(PDFName.of('F7'), ctx.register(type0));
  return doc;
}

/** An attached file (EmbeddedFiles name tree). */
async function attachmentPdf(): Promise<PDFDocument> {
  const doc = await embeddedPdf();
  await doc.attach(Buffer.from('data'), 'data.txt', { mimeType: 'text/plain' });
  return doc;
}

/** The header and a few objects, then nothing: a download cut short. */
function brokenPdf(): Uint8Array {
  return Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pa');
}

/** An array nested 200,000 deep: parsers that recurse run out of stack. */
function nestedPdf(): Uint8Array {
  const depth = 200_000;
  const body =
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>\nendobj\n` +
    'trailer\n<< /Root 1 0 R /Size 4 >>\n%%EOF\n';
  return Buffer.from(body);
}

/**
 * A compression bomb: an object stream of about 250 KB that inflates to 256 MB, which a parser
 * must decode to find the catalog.
 */
async function bombPdf(): Promise<Uint8Array> {
  const inflated = 256 * 1024 * 1024;
  const head = Buffer.from('1 0 2 37 ');
  const objects = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>\n<< /Type /Pages /Kids [] /Count 0 >>\n');
  const slice = Buffer.alloc(16 * 1024 * 1024, 0x20);
  // Streamed through deflate, so this script never holds the inflated bytes.
  async function* source() {
    yield head;
    yield objects;
    for (let size = head.length + objects.length; size < inflated; size += slice.length) yield slice;
  }
  const chunks: Buffer[] = [];
  const deflate = createDeflate({ level: 9 });
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pipeline(Readable.from(source()), deflate);
  const compressed = Buffer.concat(chunks);
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 2 /First ${head.length} /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
    ),
    compressed,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n'),
  ]);
}

function encrypt(bytes: Uint8Array): Uint8Array {
  const dir = path.join(tmpdir(), `preflight-corpus-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const plain = path.join(dir, 'plain.pdf');
  const locked = path.join(dir, 'locked.pdf');
  writeFileSync(plain, bytes);
  // An empty user password (it opens) with printing and copying forbidden.
  execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--print=none', '--extract=n', '--', plain, locked]);
  const result = readFileSync(locked);
  rmSync(dir, { recursive: true, force: true });
  return result;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const cases: Record<string, Uint8Array> = {
    'embedded-a4.pdf': await save(await embeddedPdf(2)),
    'embedded-letter.pdf': await save(await embeddedPdf(1, PageSizes.Letter)),
    'a5.pdf': await save(await embeddedPdf(1, PageSizes.A5)),
    'mixed-sizes.pdf': await save(
      await (async () => {
        const doc = await embeddedPdf(2);
        const font = await doc.embedFont(readFileSync(NOTO), { subset: true });
        doc.addPage(PageSizes.Letter).drawText('Appendix', { x: 50, y: 700, size: 14, font });
        return doc;
      })(),
    ),
    'not-embedded.pdf': await save(await standardFontPdf()),
    'form-font-not-embedded.pdf': await save(await formFontPdf()),
    'standard-fonts-not-embedded.pdf': await save(await standardFontsPdf()),
    'type0-not-embedded.pdf': await save(await type0NotEmbeddedPdf()),
    'type3.pdf': await save(await type3Pdf()),
    'scanned.pdf': await save(await scannedPdf()),
    'javascript.pdf': await save(
      await withOpenAction({ S: 'JavaScript', JS: PDFString.of('app.launchURL("https://example.org")') }),
    ),
    'page-javascript.pdf': await save(await pageJavaScriptPdf()),
    'launch.pdf': await save(await withOpenAction({ S: 'Launch', F: PDFString.of('calc.exe') })),
    'submit-form.pdf': await save(await submitFormPdf()),
    'attachment.pdf': await save(await attachmentPdf()),
    'object-streams.pdf': await save(await embeddedPdf(3), true),
    'encrypted.pdf': encrypt(await save(await embeddedPdf())),
    'broken.pdf': brokenPdf(),
    'nested.pdf': nestedPdf(),
    'bomb.pdf': await bombPdf(),
  };
  // The ten-page, rotated landscape page is A4 still.
  const rotated = await embeddedPdf(1, [PageSizes.A4[1], PageSizes.A4[0]]);
  rotated.getPage(0).node.set(PDFName.of('Rotate'), PDFNumber.of(90));
  cases['a4-landscape-rotated.pdf'] = await save(rotated);
  for (const [name, bytes] of Object.entries(cases)) {
    writeFileSync(path.join(OUT, name), bytes);
    console.log(`${name.padEnd(28)} ${String(bytes.length).padStart(9)} bytes`);
  }
}

await main();
