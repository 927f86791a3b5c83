import { describe, expect, it } from 'vitest';
import { evaluationScoreBand, evaluationScoreClass } from './evaluation-score-band.ts';

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
