import { LIMITS } from '../constants.ts';

export interface CaptchaProblem {
  a: number;
  b: number;
}

export type CaptchaState = 'unanswered' | 'correct' | 'incorrect';

function randomOperand(random: () => number): number {
  return LIMITS.captchaMin + Math.floor(random() * (LIMITS.captchaMax - LIMITS.captchaMin + 1));
}

export function newCaptchaProblem(random: () => number = Math.random): CaptchaProblem {
  return { a: randomOperand(random), b: randomOperand(random) };
}

/** The answer must be a whole number equal to a + b; empty or non-numeric input is wrong. */
export function isCaptchaAnswerCorrect(problem: CaptchaProblem, answer: string): boolean {
  const trimmed = answer.trim();
  if (!/^-?\d+$/.test(trimmed)) return false;
  return Number(trimmed) === problem.a + problem.b;
}
