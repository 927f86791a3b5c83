import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { evaluationFormSchema } from './evaluation-form.ts';

type EvaluationFields = z.input<ReturnType<typeof evaluationFormSchema>>;

const fields = (marks: string, confidentialComments = '', more: Partial<EvaluationFields> = {}): EvaluationFields => ({
  marks,
  marksUnreadable: false,
  clearMarks: false,
  confidentialComments,
  ...more,
});
/** The body the form would send, or the message shown under the marks. */
const read = (savedMarks: number | null, typed: EvaluationFields) => {
  const parsed = evaluationFormSchema(savedMarks).safeParse(typed);
  if (parsed.success) return { body: parsed.data };
  expect(parsed.error.issues.map((issue) => issue.path)).toEqual([['marks']]);
  return { error: parsed.error.issues[0]!.message };
};
const unscored = null;
const scored = 85;

describe('evaluationFormSchema', () => {
  it('sends an empty score as null while the paper has no marks', () => {
    expect(read(unscored, fields('  ', 'note'))).toEqual({ body: { marks: null, confidentialComments: 'note' } });
  });

  it('accepts whole numbers from 0 to 100', () => {
    expect(read(scored, fields('0'))).toEqual({ body: { marks: 0, confidentialComments: '' } });
    expect(read(unscored, fields('85', 'Strong'))).toEqual({ body: { marks: 85, confidentialComments: 'Strong' } });
    expect(read(scored, fields('100'))).toEqual({ body: { marks: 100, confidentialComments: '' } });
  });

  it('refuses scores outside 0-100, unreadable ones and fractions', () => {
    expect(read(unscored, fields('150'))).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(read(unscored, fields('-1'))).toEqual({ error: 'Marks must be between 0 and 100' });
    expect(read(unscored, fields('abc'))).toEqual({ error: 'Marks must be a whole number from 0 to 100' });
    expect(read(unscored, fields('85.5'))).toEqual({ error: 'Marks must be a whole number from 0 to 100' });
  });

  it('refuses what the browser could not read, and an empty field over saved marks, instead of erasing them', () => {
    for (const text of ['', 'e', '1e', '-']) {
      expect(read(scored, fields('', '', { marksUnreadable: true }))).toEqual({
        error: 'Marks must be a whole number from 0 to 100',
      });
      expect(read(unscored, fields(text, '', { marksUnreadable: true }))).toEqual({
        error: 'Marks must be a whole number from 0 to 100',
      });
    }
    expect(read(scored, fields(''))).toEqual({ error: expect.stringContaining('Clear marks') });
  });

  it('removes saved marks only through the explicit choice', () => {
    expect(read(85, fields('70', 'x', { clearMarks: true }))).toEqual({
      body: { clearMarks: true, confidentialComments: 'x' },
    });
  });
});
