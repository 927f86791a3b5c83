import { describe, expect, it } from 'vitest';
import { formatAverageScore, formatPercent, formatRate, formatRatio, percentOf, rateOf } from './percentages.ts';

describe('percentOf', () => {
  it('rounds to a whole percent', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(5, 5)).toBe(100);
  });

  it('is 0 when there is nothing to divide by', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(3, 0)).toBe(0);
  });
});

describe('rateOf', () => {
  it('keeps one decimal', () => {
    expect(rateOf(2, 3)).toBe(66.7);
    expect(rateOf(1, 3)).toBe(33.3);
    expect(rateOf(1, 8)).toBe(12.5);
    expect(rateOf(7, 7)).toBe(100);
  });

  it('is 0 when there is nothing to divide by', () => {
    expect(rateOf(0, 0)).toBe(0);
  });
});

describe('formatting', () => {
  it('writes percents without and rates with one decimal', () => {
    expect(formatPercent(67)).toBe('67%');
    expect(formatRate(66.7)).toBe('66.7%');
    expect(formatRate(50)).toBe('50.0%');
  });

  it('writes ratios to one decimal', () => {
    expect(formatRatio(4, 3)).toBe('1.3');
    expect(formatRatio(3, 3)).toBe('1.0');
    expect(formatRatio(2, 0)).toBe('0.0');
  });

  it('writes an average score to one decimal, N/A without scores', () => {
    expect(formatAverageScore(72.333)).toBe('72.3');
    expect(formatAverageScore(null)).toBe('N/A');
  });
});
