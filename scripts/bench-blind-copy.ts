// The blind copy of a large abstract (double-blind review): time and memory of the rewrite.
//   node --expose-gc --import tsx scripts/bench-blind-copy.ts [--runs 5]
// The abstract is as big as an upload may be: 13 pages of text in an embedded font, eight
// incompressible 1.2 MB figures, object streams, and its authors in its Info dictionary, XMP,
// private data, a comment and an attachment (src/server/test/identifying-pdf.ts).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { drawObject, PDFDocument, PDFName } from 'pdf-lib';
import { withoutDocumentInformation } from '@server/modules/review-mode/anonymous-pdf.ts';
import { abstractNamingItsAuthors, identifyingTexts, identityTracesIn } from '@server/test/identifying-pdf.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const require = createRequire(import.meta.url);
const identity = {
  names: ['Nguyễn Thị Bích Ngọc', '王晓明', 'अनन्या शर्मा'],
  affiliations: ['Đại học Huế', '清华大学'],
  emails: ['ngoc.ntb@hueuni.edu.vn'],
  ictacemIds: ['ICT2025-4821'],
  fileName: 'nguyen-lattices.pdf',
};

async function largeAbstract(): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await abstractNamingItsAuthors(identity, 'Fatigue of lattices'));
  pdf.registerFontkit(fontkit);
  const fontFile = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
  const font = await pdf.embedFont(await readFile(fontFile), { subset: true });
  for (let pageIndex = 0; pageIndex < 12; pageIndex += 1) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 60; line += 1) {
      const text = `Line ${line} of page ${pageIndex}: fatigue life of the lattice, σ = 12 MPa, Đại học Huế`;
      page.drawText(text, { x: 40, y: 800 - line * 12, size: 9, font });
    }
    if (pageIndex >= 8) continue;
    const [width, height] = [800, 500];
    const figure = pdf.context.stream(deflateSync(randomBytes(width * height * 3), { level: 0 }), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    page.node.setXObject(PDFName.of('Figure'), pdf.context.register(figure));
    page.pushOperators(drawObject('Figure'));
  }
  return pdf.save({ useObjectStreams: true });
}

const source = await largeAbstract();
const megabytes = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
console.log(`Source: ${megabytes(source.length)} MB, ${(await PDFDocument.load(source)).getPageCount()} pages`);
for (let run = 1; run <= Number(values.runs); run += 1) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const copy = await withoutDocumentInformation(source);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const traces = identityTracesIn(copy, identifyingTexts(identity)).length;
  console.log(
    `run ${run}: ${ms.toFixed(0)} ms, peak RSS +${megabytes(peak - before)} MB, copy ${megabytes(copy.length)} MB, identity traces ${traces}`,
  );
}
