import { describe, expect, it } from 'vitest';
import { parseEvaluation } from './evaluation-form.ts';

const typed = (text: string) => ({ text, badInput: false });
const unscored = { savedMarks: null };
const scored = { savedMarks: 85 };

describe('parseEvaluation', () => {
  it('sends an empty score as null while the paper has no marks', () => {
    expect(parseEvaluation(typed('  '), 'note', unscored)).toEqual({
      body: { marks: null, confidentialComments: 'note' },
    });
  });

  it('accepts whole numbers from 0 to 100', () => {
    expect(parseEvaluation(typed('0'), '', scored)).toEqual({ body: { marks: 0, confidentialComments: '' } });
    expect(parseEvaluation(typed('85'), 'Strong', unscored)).toEqual({
      body: { marks: 85, confidentialComments: 'Strong' },
    });
    expect(parseEvaluation(typed('100'), '', scored)).toEqual({ body: { marks: 100, confidentialComments: '' } });
  });

  it('refuses scores outside 0-100, unreadable ones and fractions', () => {
    expect(parseEvaluation(typed('150'), '', unscored)).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(parseEvaluation(typed('-1'), '', unscored)).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(parseEvaluation(typed('abc'), '', unscored)).toEqual({
      error: 'Marks must be a whole number from 0 to 100',
    });
    expect(parseEvaluation(typed('85.5'), '', unscored)).toEqual({
      error: 'Marks must be a whole number from 0 to 100',
    });
  });

  it('refuses what the browser could not read, and an empty field over saved marks, instead of erasing them', () => {
    for (const text of ['', 'e', '1e', '-']) {
      expect(parseEvaluation({ text: '', badInput: true }, '', scored)).toEqual({
        error: 'Marks must be a whole number from 0 to 100',
      });
      expect(parseEvaluation({ text, badInput: true }, '', unscored)).toEqual({
        error: 'Marks must be a whole number from 0 to 100',
      });
    }
    expect(parseEvaluation(typed(''), '', scored)).toEqual({ error: expect.stringContaining('Clear marks') });
  });

  it('removes saved marks only through the explicit choice', () => {
    expect(parseEvaluation(typed('70'), 'x', { savedMarks: 85, clearMarks: true })).toEqual({
      body: { clearMarks: true, confidentialComments: 'x' },
    });
  });
});
