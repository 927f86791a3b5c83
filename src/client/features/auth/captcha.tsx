import { useEffect, useId, useRef, useState } from 'react';
import { TIMINGS } from '@shared/constants.ts';
import { type CaptchaState, isCaptchaAnswerCorrect } from '@shared/domain/captcha.ts';
import { useCaptchaProblem } from '@client/lib/auth-api.ts';

export const CAPTCHA_TEXT = {
  correct: 'Correct! You can proceed with your submission.',
  incorrect: 'Incorrect answer. Please try again with the new problem.',
} as const;

/** What the sign-in request carries: the server checks the answer (once) after failed attempts. */
export interface SolvedChallenge {
  id: string;
  answer: number;
}

/**
 * Arithmetic challenge: two integers from 1 to 10 are added. The problem comes from the server,
 * which keeps the answer. A wrong answer shows the red text and a new problem arrives 2.5 s
 * later; a new problem can also be asked for at any time, and comes when `round` changes
 * (the form asks for one after a failed sign-in, as each is answered once).
 */
export function ArithmeticCaptcha({
  onChange,
  round = 0,
}: {
  onChange: (solved: SolvedChallenge | null) => void;
  round?: number;
}) {
  const [fetched, setFetched] = useState(0);
  const problem = useCaptchaProblem(round, fetched);
  const [answer, setAnswer] = useState('');
  const [state, setState] = useState<CaptchaState>('unanswered');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    clearTimeout(timer.current);
    setAnswer('');
    setState('unanswered');
  }, [round]);

  const reset = () => {
    clearTimeout(timer.current);
    setFetched((n) => n + 1);
    setAnswer('');
    setState('unanswered');
    onChange(null);
  };

  const check = () => {
    if (state !== 'unanswered' || !problem.data) return;
    if (isCaptchaAnswerCorrect(problem.data, answer)) {
      setState('correct');
      onChange({ id: problem.data.challengeId, answer: Number(answer.trim()) });
      return;
    }
    setState('incorrect');
    onChange(null);
    timer.current = setTimeout(reset, TIMINGS.captchaResetMs);
  };
  const ready = state === 'unanswered' && problem.isSuccess;

  return (
    <fieldset className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">Verification</legend>
      <label htmlFor={inputId} className="mb-2 block text-sm text-slate-700">
        {problem.isSuccess ? (
          <>
            What is{' '}
            <span data-testid="captcha-question">
              {problem.data.a} + {problem.data.b}
            </span>
            ?
          </>
        ) : problem.isError ? (
          <span className="text-red-700">The problem could not be loaded. Please ask for a new problem.</span>
        ) : (
          'Loading a problem...'
        )}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={answer}
          disabled={!ready}
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
          disabled={!ready}
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
