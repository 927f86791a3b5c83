import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PRINTABLE_RANGES_FILE, printableRanges, printableRangesSource } from './printable-ranges.ts';

describe('the printable ranges the input checks use', () => {
  it('are those of the fonts (after changing the fonts, run `npm run pdf:printable`)', async () => {
    const written = await readFile(PRINTABLE_RANGES_FILE, 'utf8');
    expect(written).toBe(printableRangesSource(await printableRanges()));
  }, 60_000);
});
