import { describe, expect, it } from 'vitest';
import { LETTER_CODE_FIELD_MAX, LETTER_TEXTS, letterCodeProblem } from './letters.ts';

describe('letterCodeProblem', () => {
  it('asks for a code when only spaces were typed', () => {
    expect(letterCodeProblem('')).toBe(LETTER_TEXTS.codeRequired);
    expect(letterCodeProblem(' \t\u00a0 ')).toBe(LETTER_TEXTS.codeRequired);
  });

  it('takes a code as printed or carelessly typed, and leaves its judgement to the server', () => {
    expect(letterCodeProblem('K7QD-9XMP-3RTA-W2HF')).toBeNull();
    expect(letterCodeProblem('  k7qd 9xmp 3rta w2hf ')).toBeNull();
    expect(letterCodeProblem('ЖЖЖЖ-ЖЖЖЖ')).toBeNull();
  });

  it('refuses a code longer than the field, counted without the spaces around it', () => {
    expect(letterCodeProblem(`  ${'A'.repeat(LETTER_CODE_FIELD_MAX)}  `)).toBeNull();
    expect(letterCodeProblem('A'.repeat(LETTER_CODE_FIELD_MAX + 1))).toBe(
      'The verification code is limited to 64 characters.',
    );
  });
});
