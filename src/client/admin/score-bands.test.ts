import { describe, expect, it } from 'vitest';
import { evaluationScoreBand, evaluationScoreClass, scoreBand } from './score-bands.ts';

describe('evaluationScoreBand', () => {
  it.each([
    [100, 'high'],
    [70, 'high'],
    [69, 'medium'],
    [50, 'medium'],
    [49, 'low'],
    [0, 'low'],
  ] as const)('%i is %s', (marks, band) => {
    expect(evaluationScoreBand(marks)).toBe(band);
  });

  it('colours the bands green, yellow and red', () => {
    expect(evaluationScoreClass(85)).toContain('green');
    expect(evaluationScoreClass(60)).toContain('yellow');
    expect(evaluationScoreClass(20)).toContain('red');
  });
});

describe('scoreBand', () => {
  it('puts each boundary in the higher band', () => {
    expect(scoreBand(100)).toBe('excellent');
    expect(scoreBand(80)).toBe('excellent');
    expect(scoreBand(79)).toBe('good');
    expect(scoreBand(60)).toBe('good');
    expect(scoreBand(59)).toBe('fair');
    expect(scoreBand(40)).toBe('fair');
    expect(scoreBand(39)).toBe('poor');
    expect(scoreBand(0)).toBe('poor');
  });
});
