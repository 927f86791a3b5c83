import { describe, expect, it } from 'vitest';
import { countInWords, formatCount, formatFileSize } from './numbers.ts';

describe('formatCount', () => {
  it('groups thousands in British English, whatever the reader or server locale', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(42)).toBe('42');
    expect(formatCount(2.6)).toBe('3');
  });

  it('writes what Intl.NumberFormat writes in British English', () => {
    const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
    const counts = [0, 1, 9, 10, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 999_999, 1_000_000];
    const more = [2.5, 3.5, 999.5, 1234.49, -1, -1000, -1234.5, -2_500_000, Number.MAX_SAFE_INTEGER];
    for (const count of [...counts, ...more]) expect(formatCount(count), String(count)).toBe(intl.format(count));
  });
});

describe('formatFileSize', () => {
  it('picks the unit that fits the size', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1234)).toBe('1.2 KB');
    expect(formatFileSize(200 * 1024)).toBe('200 KB');
    expect(formatFileSize(9.96 * 1024)).toBe('10 KB');
    expect(formatFileSize(1000 * 1024)).toBe('0.98 MB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.50 MB');
  });
});

describe('countInWords', () => {
  it('writes counts up to ten in words and larger ones in figures', () => {
    expect([0, 3, 4, 10].map(countInWords)).toEqual(['zero', 'three', 'four', 'ten']);
    expect(countInWords(11)).toBe('11');
    expect(countInWords(1200)).toBe('1,200');
  });
});
