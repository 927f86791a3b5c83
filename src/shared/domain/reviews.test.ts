import { describe, expect, it } from 'vitest';
import { DISAGREEMENT_SPREAD, summariseMarks } from './reviews.ts';

describe('combined marks', () => {
  it('says nothing of a paper without a submitted review', () => {
    expect(summariseMarks([])).toEqual({
      submitted: 0,
      mean: null,
      weightedMean: null,
      spread: null,
      disagreement: false,
    });
  });

  it('gives the mean, the confidence-weighted mean and the spread, to one decimal', () => {
    expect(
      summariseMarks([
        { mark: 80, confidence: 5 },
        { mark: 60, confidence: 1 },
        { mark: 71, confidence: 3 },
      ]),
    ).toEqual({ submitted: 3, mean: 70.3, weightedMean: 74.8, spread: 20, disagreement: false });
  });

  it('flags a disagreement from a spread of 30 on', () => {
    expect(
      summariseMarks([
        { mark: 40, confidence: 2 },
        { mark: 40 + DISAGREEMENT_SPREAD - 1, confidence: 2 },
      ]).disagreement,
    ).toBe(false);
    expect(
      summariseMarks([
        { mark: 40, confidence: 2 },
        { mark: 40 + DISAGREEMENT_SPREAD, confidence: 2 },
      ]),
    ).toMatchObject({
      disagreement: true,
      spread: 30,
      mean: 55,
    });
  });
});
