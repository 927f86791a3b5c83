import { describe, expect, it } from 'vitest';
import { isCaptchaAnswerCorrect, newCaptchaProblem } from './captcha.ts';

describe('arithmetic captcha', () => {
  it('draws both operands from 1 to 10', () => {
    expect(newCaptchaProblem(() => 0)).toEqual({ a: 1, b: 1 });
    expect(newCaptchaProblem(() => 0.999999)).toEqual({ a: 10, b: 10 });
    for (let i = 0; i < 200; i += 1) {
      const { a, b } = newCaptchaProblem();
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(10);
      expect(Number.isInteger(a) && Number.isInteger(b)).toBe(true);
    }
  });

  it('accepts only the whole-number sum', () => {
    const problem = { a: 4, b: 7 };
    expect(isCaptchaAnswerCorrect(problem, '11')).toBe(true);
    expect(isCaptchaAnswerCorrect(problem, ' 11 ')).toBe(true);
    for (const wrong of ['', '   ', '12', 'eleven', '11.0', '1e1', '0x0b', '11abc']) {
      expect(isCaptchaAnswerCorrect(problem, wrong)).toBe(false);
    }
  });
});
