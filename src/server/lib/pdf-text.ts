// Text for PDFs drawn with pdf-lib's standard fonts (Helvetica and friends). Those fonts encode
// WinAnsi only: pdf-lib throws on any other character, so a name like "Łukasz" or "李明" in the
// data would break a whole document. Everything drawn goes through toWinAnsi first.
import { type PDFFont } from 'pdf-lib';

/** The characters of WinAnsi outside Latin-1 (its 0x80-0x9F range). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters that Unicode does not decompose into a base letter plus a mark. */
const LOOK_ALIKES: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  '‐': '-',
  '‑': '-',
  '‒': '–',
  '−': '-',
  '′': "'",
  '″': '"',
};

const ELLIPSIS = '…';

export interface PdfTextStyle {
  font: PDFFont;
  size: number;
}

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

function toWinAnsiCharacter(character: string): string {
  if (isWinAnsi(character)) return character;
  const lookAlike = LOOK_ALIKES[character];
  if (lookAlike) return lookAlike;
  if (/\s/.test(character)) return ' ';
  if (/\p{Cf}/u.test(character)) return '';
  // Compatibility decomposition also turns ligatures and full-width forms into plain letters.
  const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
  return base && [...base].every(isWinAnsi) ? base : '?';
}

/** The text with every character the standard fonts cannot encode replaced: ő → o, ł → l, 李 → ?. */
export function toWinAnsi(text: string): string {
  return Array.from(text.normalize('NFC'), toWinAnsiCharacter).join('');
}

/** The width of text already made safe by toWinAnsi. */
function measure(safeText: string, style: PdfTextStyle): number {
  return style.font.widthOfTextAtSize(safeText, style.size);
}

export function textWidth(text: string, style: PdfTextStyle): number {
  return measure(toWinAnsi(text), style);
}

/** The text cut to fit maxWidth, ending with an ellipsis when something was cut. */
export function truncateToWidth(text: string, style: PdfTextStyle, maxWidth: number): string {
  const safe = toWinAnsi(text);
  if (measure(safe, style) <= maxWidth) return safe;
  const characters = [...safe];
  // Binary search on the kept length: titles can be long and this runs once per contents line.
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = characters.slice(0, middle).join('').trimEnd() + ELLIPSIS;
    if (measure(candidate, style) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

/** Splits a word wider than maxWidth (a long URL, say) into pieces that fit. */
function breakWord(word: string, style: PdfTextStyle, maxWidth: number): string[] {
  if (measure(word, style) <= maxWidth) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && measure(piece + character, style) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  return piece ? [...pieces, piece] : pieces;
}

/**
 * The text broken into lines no wider than maxWidth, at spaces where possible. With maxLines, the
 * last line kept carries whatever did not fit, truncated with an ellipsis.
 */
export function wrapToWidth(text: string, style: PdfTextStyle, maxWidth: number, maxLines = Infinity): string[] {
  const words = toWinAnsi(text)
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => breakWord(word, style, maxWidth));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, style) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const rest = lines.slice(maxLines - 1).join(' ');
  return [...lines.slice(0, maxLines - 1), truncateToWidth(rest, style, maxWidth)];
}
