import { describe, expect, it } from 'vitest';
import { scoreBand } from './score-band.ts';

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
