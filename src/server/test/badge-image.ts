// Renders a PDF page to an image with poppler's pdftoppm and finds the QR codes on it with jsQR,
// as a phone's camera at the registration desk would read a printed badge.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';

const run = promisify(execFile);

/** The page as RGBA pixels (pdftoppm's PPM output, read here: a header, then RGB bytes). */
export async function renderedPage(bytes: Uint8Array, page: number, dpi = 100) {
  const folder = await mkdtemp(join(tmpdir(), 'pdftoppm-'));
  try {
    await writeFile(join(folder, 'document.pdf'), bytes);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      join(folder, 'document.pdf'),
      join(folder, 'page'),
    ]);
    const ppm = await readFile(join(folder, 'page.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PPM image');
    const [width, height] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    return { width, height, rgba };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text of the QR code in the given region of the image (the whole image by default). */
export function decodeQr(
  image: { width: number; height: number; rgba: Uint8ClampedArray },
  region = { x: 0, y: 0, width: image.width, height: image.height },
): string | null {
  const cropped = new Uint8ClampedArray(region.width * region.height * 4);
  for (let row = 0; row < region.height; row += 1) {
    const start = ((region.y + row) * image.width + region.x) * 4;
    cropped.set(image.rgba.subarray(start, start + region.width * 4), row * region.width * 4);
  }
  return jsQR(cropped, region.width, region.height)?.data ?? null;
}
