import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';

/** Where the default conference's pages, e-mails and PDFs are kept, as the site made them. */
export const GOLDEN_DIR = path.join(import.meta.dirname, 'fixtures');

/** `UPDATE_GOLDEN=1 npx vitest run …` writes the files anew instead of comparing. */
const updating = process.env.UPDATE_GOLDEN === '1';

/**
 * Expects `actual` to be byte for byte the golden file `name` (written when updating). A text
 * difference is shown as text; a PDF's as the first differing byte.
 */
export async function expectGolden(name: string, actual: string | Uint8Array): Promise<void> {
  const file = path.join(GOLDEN_DIR, name);
  const bytes = typeof actual === 'string' ? Buffer.from(actual, 'utf8') : Buffer.from(actual);
  if (updating || !existsSync(file)) {
    if (!updating) throw new Error(`No golden file ${name}: run with UPDATE_GOLDEN=1 to write it.`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return;
  }
  const expected = await readFile(file);
  if (typeof actual === 'string') expect(actual, name).toBe(expected.toString('utf8'));
  else if (!expected.equals(bytes)) {
    let at = 0;
    while (at < bytes.length && expected[at] === bytes[at]) at += 1;
    const around = (b: Buffer) => b.subarray(Math.max(0, at - 40), at + 40).toString('latin1');
    expect(around(bytes), `${name}: bytes differ from offset ${at}`).toBe(around(expected));
    expect(bytes.length, `${name}: length`).toBe(expected.length);
  }
}
