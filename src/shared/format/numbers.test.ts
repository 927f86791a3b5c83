import { describe, expect, it } from 'vitest';
import { formatCount, formatFileSize } from './numbers.ts';

describe('formatCount', () => {
  it('groups thousands in British English, whatever the reader or server locale', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(42)).toBe('42');
    expect(formatCount(2.6)).toBe('3');
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
