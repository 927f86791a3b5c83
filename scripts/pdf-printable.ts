// `npm run pdf:printable`: writes the code points the PDF fonts can print into src/shared, for
// the input checks; run it after changing the font stack.
import { writeFile } from 'node:fs/promises';
import { PRINTABLE_RANGES_FILE, printableRanges, printableRangesSource } from '@server/lib/pdf/printable-ranges.ts';

await writeFile(PRINTABLE_RANGES_FILE, printableRangesSource(await printableRanges()));
console.log(`Wrote ${PRINTABLE_RANGES_FILE}.`);
