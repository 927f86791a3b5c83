// npm run bench:preflight: the PDF preflight's time and peak memory on a 2 MB, 10-page abstract and
// a 40 MB, 300-page full paper (made here, with pdf-lib: text in an embedded font and an
// incompressible image per page), beside poppler's pdfinfo and pdffonts on the same files.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PageSizes } from 'pdf-lib';
import { inspectInWorker } from '../src/server/modules/preflight/preflight-pool.ts';

const require = createRequire(import.meta.url);
const NOTO = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');

async function makePdf(pages: number, targetBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(NOTO), { subset: true });
  // Raw RGB pixels, not compressible: the file's size is the images'.
  const side = Math.floor(Math.sqrt(targetBytes / pages / 3));
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage(PageSizes.A4);
    for (let line = 0; line < 40; line += 1)
      page.drawText(`Page ${i + 1}, line ${line + 1}: the wake of a heated cylinder at Re = 200.`, {
        x: 50,
        y: 780 - line * 12,
        size: 9,
        font,
      });
    const stream = doc.context.stream(randomBytes(side * side * 3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    const key = page.node.newXObject('Im', doc.context.register(stream));
    page.pushOperators();
    page.node.addContentStream(
      doc.context.register(doc.context.flateStream(`q 200 0 0 200 50 50 cm /${key.decodeText()} Do Q`)),
    );
  }
  return doc.save();
}

function timed(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-preflight-'));
try {
  for (const [label, pages, bytes] of [
    ['abstract, 10 pages, 2 MB', 10, 2 * 1024 * 1024],
    ['full paper, 300 pages, 40 MB', 300, 40 * 1024 * 1024],
  ] as const) {
    const pdf = await makePdf(pages, bytes);
    const file = path.join(dir, `${pages}.pdf`);
    writeFileSync(file, pdf);
    // Cold (a new worker thread), then warm (the thread kept for the next file), three times each.
    const runs: number[] = [];
    let heapPeak = 0;
    for (let i = 0; i < 4; i += 1) {
      const started = performance.now();
      const outcome = await inspectInWorker(pdf);
      runs.push(performance.now() - started);
      if (outcome.failure) throw new Error(`${label}: ${outcome.failure}`);
      if (outcome.facts.pageCount !== pages) throw new Error(`${label}: read ${outcome.facts.pageCount} pages`);
    }
    // The worker's peak, measured apart: a run in a child process with its own resource usage.
    const rss = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${new URL('../src/server/modules/preflight/pdf-inspect.ts', import.meta.url).href}').then(async (m) => { const fs = await import('node:fs'); const before = process.memoryUsage().rss; await m.inspectPdf(fs.readFileSync(${JSON.stringify(file)})); console.log(JSON.stringify({ before, peak: process.resourceUsage().maxRSS * 1024 })); })`,
      ],
      { encoding: 'utf8' },
    );
    const { before, peak } = JSON.parse(rss.trim().split('\n').pop()!) as { before: number; peak: number };
    heapPeak = peak - before;
    const pdfinfo = timed(() => execFileSync('pdfinfo', [file]));
    const pdffonts = timed(() => execFileSync('pdffonts', [file]));
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `${label} (${mb(pdf.length)}): preflight cold ${runs[0]!.toFixed(0)} ms, warm ${Math.min(...runs.slice(1)).toFixed(0)}–${Math.max(...runs.slice(1)).toFixed(0)} ms; ` +
        `peak memory of the check ≈ ${mb(heapPeak)} above the process's start; pdfinfo ${pdfinfo.toFixed(0)} ms, pdffonts ${pdffonts.toFixed(0)} ms`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
