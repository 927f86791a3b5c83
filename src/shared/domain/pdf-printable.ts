// Whether text can be printed in the site's PDFs (letters, Book of Abstracts). Text that cannot is
// refused where it is typed, with the characters named, rather than printed wrong later.
import { PDF_PRINTABLE_RANGES } from './pdf-printable-ranges.ts';
import { unpublishableCharacters } from './publishable-text.ts';

const RANGES: readonly (readonly [number, number])[] = PDF_PRINTABLE_RANGES.trim()
  .split(/\s+/)
  .map((range) => {
    const [first, last = first] = range.split('-').map((hex) => Number.parseInt(hex, 16));
    return [first!, last!] as const;
  });

function inRanges(codePoint: number): boolean {
  let low = 0;
  let high = RANGES.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = RANGES[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Line breaks and tabs are printed as spaces: not a question of the fonts. Nor are control
 * characters, non-characters and halves of surrogate pairs, which no document carries
 * (publishable-text.ts refuses them, with its own message).
 */
const isPrintable = (character: string) =>
  /\s/u.test(character) || unpublishableCharacters(character).length > 0 || inRanges(character.codePointAt(0)!);

/** The characters of text the PDFs cannot print, each once, in the order they first appear. */
export function unprintableCharacters(text: string): string[] {
  return [...new Set(Array.from(text.normalize('NFC')).filter((character) => !isPrintable(character)))];
}

/** The message for a field whose text the PDFs cannot print, or null when they can. */
export function pdfPrintableProblem(fieldLabel: string, text: string): string | null {
  const characters = unprintableCharacters(text);
  return characters.length === 0
    ? null
    : `${fieldLabel} contains characters the letters and the Book of Abstracts cannot print: ${characters.join(' ')}`;
}

/** A Zod refinement that refuses what the PDFs cannot print, naming the field. */
export const printableInPdfs =
  (fieldLabel: string) =>
  (value: string, check: { addIssue(issue: { code: 'custom'; message: string }): void }): void => {
    const problem = pdfPrintableProblem(fieldLabel, value);
    if (problem) check.addIssue({ code: 'custom', message: problem });
  };
