import { describe, expect, it } from 'vitest';
import { parseEvaluation } from './evaluation-form.ts';

describe('parseEvaluation', () => {
  it('sends an empty score as null', () => {
    expect(parseEvaluation('  ', 'note')).toEqual({ body: { marks: null, confidentialComments: 'note' } });
  });

  it('accepts whole numbers from 0 to 100', () => {
    expect(parseEvaluation('0', '')).toEqual({ body: { marks: 0, confidentialComments: '' } });
    expect(parseEvaluation('85', 'Strong')).toEqual({ body: { marks: 85, confidentialComments: 'Strong' } });
    expect(parseEvaluation('100', '')).toEqual({ body: { marks: 100, confidentialComments: '' } });
  });

  it('refuses scores outside 0-100, unreadable ones and fractions', () => {
    expect(parseEvaluation('150', '')).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(parseEvaluation('-1', '')).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(parseEvaluation('abc', '')).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(parseEvaluation('85.5', '')).toEqual({ error: 'Marks must be a whole number' });
  });
});
