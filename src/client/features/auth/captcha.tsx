import { useEffect, useId, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/constants.ts';
import { type CaptchaProblem, type CaptchaState, isCaptchaAnswerCorrect, newCaptchaProblem } from '../../../shared/domain/captcha.ts';

export const CAPTCHA_TEXT = {
  correct: 'Correct! You can proceed with your submission.',
  incorrect: 'Incorrect answer. Please try again with the new problem.',
} as const;

/**
 * Arithmetic challenge: two integers from 1 to 10 are added. A wrong answer shows the red text
 * and a new problem arrives 2.5 s later; a new problem can also be asked for at any time.
 */
export function ArithmeticCaptcha({ onChange }: { onChange: (solved: boolean) => void }) {
  const [problem, setProblem] = useState<CaptchaProblem>(() => newCaptchaProblem());
  const [answer, setAnswer] = useState('');
  const [state, setState] = useState<CaptchaState>('unanswered');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = () => {
    clearTimeout(timer.current);
    setProblem(newCaptchaProblem());
    setAnswer('');
    setState('unanswered');
    onChange(false);
  };

  const check = () => {
    if (state !== 'unanswered') return;
    if (isCaptchaAnswerCorrect(problem, answer)) {
      setState('correct');
      onChange(true);
      return;
    }
    setState('incorrect');
    onChange(false);
    timer.current = setTimeout(reset, TIMINGS.captchaResetMs);
  };

  return (
    <fieldset className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">Verification</legend>
      <label htmlFor={inputId} className="mb-2 block text-sm text-slate-700">
        What is <span data-testid="captcha-question">{problem.a} + {problem.b}</span>?
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={answer}
          disabled={state !== 'unanswered'}
          onChange={(e) => setAnswer(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              check();
            }
          }}
          className="block w-24 rounded-md border border-slate-300 bg-white px-3 py-2 disabled:bg-slate-100"
          aria-describedby={`${inputId}-status`}
        />
        <button
          type="button"
          onClick={check}
          disabled={state !== 'unanswered'}
          className="rounded-md bg-slate-700 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-50"
        >
          Verify
        </button>
        <button
          type="button"
          onClick={reset}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          New problem
        </button>
      </div>
      <p id={`${inputId}-status`} aria-live="polite" data-testid="captcha-status" className="mt-2 min-h-5 text-sm">
        {state === 'correct' && <span className="font-medium text-green-700">{CAPTCHA_TEXT.correct}</span>}
        {state === 'incorrect' && <span className="font-medium text-red-700">{CAPTCHA_TEXT.incorrect}</span>}
      </p>
    </fieldset>
  );
}
