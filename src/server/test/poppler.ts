// Reads a PDF back with poppler's pdftotext and pdffonts (poppler-utils), as a reader's viewer would.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function poppler(
  tool: 'pdftotext' | 'pdffonts' | 'pdftoppm',
  bytes: Uint8Array,
  args: string[] = [],
): Promise<{ stdout: string; stderr: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'poppler-'));
  const file = join(folder, 'document.pdf');
  try {
    await writeFile(file, bytes);
    const output = tool === 'pdffonts' ? [] : tool === 'pdftotext' ? ['-'] : [join(folder, 'page')];
    return await run(tool, [...args, file, ...output]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils).`, { cause: error });
    }
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text of the pages as pdftotext extracts it, whitespace runs as one space, in composed form. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await poppler('pdftotext', bytes)).stdout.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Each font pdffonts lists, with whether it is embedded. */
export async function pdfFonts(bytes: Uint8Array): Promise<{ name: string; embedded: boolean }[]> {
  const lines = (await poppler('pdffonts', bytes)).stdout.trim().split('\n').slice(2);
  return lines.map((line) => {
    // The columns after the name and type: encoding, emb, sub, uni, object number, generation.
    const columns = line.trim().split(/\s+/);
    return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
  });
}

/**
 * Renders one page (1-based) with pdftoppm, which fails on a page it cannot draw, and returns
 * what it complained about on the way (a font it could not read, say).
 */
export async function pdfRenderComplaints(bytes: Uint8Array, page: number): Promise<string> {
  const pageArgs = ['-f', String(page), '-l', String(page), '-r', '36', '-png'];
  return (await poppler('pdftoppm', bytes, pageArgs)).stderr;
}

/** One page's text (1-based), as pdftotext extracts it, whitespace runs as one space, in composed form. */
export async function pdfPageText(bytes: Uint8Array, page: number): Promise<string> {
  const pageArgs = ['-f', String(page), '-l', String(page)];
  return (await poppler('pdftotext', bytes, pageArgs)).stdout.normalize('NFC').replace(/\s+/g, ' ').trim();
}
