// Line breaking for text drawn in PDFs: at spaces, and inside a word only when the word alone is
// wider than the line (a long URL, a Chinese title written without spaces), between whole
// letters with their marks. Nothing is ever cut off.
import { type PdfTypesetter, type TextStyle } from './pdf-typesetter.ts';

const letters = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Splits a word wider than maxWidth into pieces that fit (a piece is at least one letter). */
function breakWord(word: string, widthOf: (text: string) => number, maxWidth: number): string[] {
  if (widthOf(word) <= maxWidth) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of letters.segment(word)) {
    if (piece && widthOf(piece + segment) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += segment;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** The text broken into lines no wider than maxWidth; all of it, however many lines that takes. */
export function wrapToWidth(typesetter: PdfTypesetter, text: string, style: TextStyle, maxWidth: number): string[] {
  const widthOf = (part: string) => typesetter.width(part, style);
  const spaceWidth = widthOf(' ');
  const words = text
    .normalize('NFC')
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => breakWord(word, widthOf, maxWidth));
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  // A line's width is its words' widths and spaces added up: each word is shaped once.
  for (const word of words) {
    const wordWidth = widthOf(word);
    if (line && lineWidth + spaceWidth + wordWidth > maxWidth) {
      lines.push(line);
      line = word;
      lineWidth = wordWidth;
    } else {
      lineWidth = line ? lineWidth + spaceWidth + wordWidth : wordWidth;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
