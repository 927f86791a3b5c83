import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { textWidth, toWinAnsi, truncateToWidth, wrapToWidth } from './pdf-text.ts';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('toWinAnsi', () => {
  it('keeps what WinAnsi has and replaces the rest with a look-alike or a question mark', () => {
    expect(toWinAnsi('Zoë Ångström – “Müller” € œ ß')).toBe('Zoë Ångström – “Müller” € œ ß');
    expect(toWinAnsi('Łukasz Żółć, Đorđe, Dvořák, Erdős')).toBe('Lukasz Zólc, Dorde, Dvorák, Erdos');
    expect(toWinAnsi('ﬁne Ｈ₂O − x')).toBe('fine H2O - x');
    expect(toWinAnsi('李明 🙂')).toBe('?? ?');
    expect(toWinAnsi('a\tb\nc\u200bd')).toBe('a b cd');
    // Decomposed input (e + combining acute) is composed first rather than losing its accent.
    expect(toWinAnsi('e\u0301')).toBe('é');
  });

  it('returns text the standard fonts can encode, whatever the input', () => {
    const everything = Array.from({ length: 0x10000 }, (_, code) =>
      code >= 0xd800 && code <= 0xdfff ? '' : String.fromCodePoint(code),
    ).join('');
    expect(() => font.encodeText(toWinAnsi(everything))).not.toThrow();
  });
});

describe('truncateToWidth', () => {
  const style = () => ({ font, size: 10 });

  it('leaves text that fits alone', () => {
    expect(truncateToWidth('Short title', style(), 200)).toBe('Short title');
  });

  it('cuts text that does not fit and ends it with an ellipsis', () => {
    const cut = truncateToWidth('A rather long title about turbulent flows '.repeat(5), style(), 150);
    expect(cut).toMatch(/^A rather long title.*\S…$/);
    expect(textWidth(cut, style())).toBeLessThanOrEqual(150);
  });
});

describe('wrapToWidth', () => {
  const style = () => ({ font, size: 10 });

  it('breaks at spaces into lines that fit, keeping every word', () => {
    const text = 'Numerical study of heat transfer in a lid-driven cavity with a rotating cylinder';
    const lines = wrapToWidth(text, style(), 120);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(textWidth(line, style())).toBeLessThanOrEqual(120);
  });

  it('splits a word wider than the line', () => {
    const url = `https://example.org/verify/${'x'.repeat(80)}`;
    const lines = wrapToWidth(url, style(), 100);
    expect(lines.join('')).toBe(url);
    for (const line of lines) expect(textWidth(line, style())).toBeLessThanOrEqual(100);
  });

  it('stops at maxLines, truncating the last line', () => {
    const lines = wrapToWidth('word '.repeat(100), style(), 100, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    expect(textWidth(lines[1]!, style())).toBeLessThanOrEqual(100);
  });

  it('returns no lines for blank text', () => {
    expect(wrapToWidth('  ', style(), 100)).toEqual([]);
  });
});
