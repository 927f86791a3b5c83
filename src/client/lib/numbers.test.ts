import { describe, expect, it } from 'vitest';
import { formatCount, formatFileSize } from './numbers.ts';

describe('formatCount', () => {
  it('groups thousands the way the reader’s locale does', () => {
    expect(formatCount(100_000)).toBe(new Intl.NumberFormat().format(100_000));
    expect(formatCount(100_000)).not.toBe('100000');
    expect(formatCount(42)).toBe('42');
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
