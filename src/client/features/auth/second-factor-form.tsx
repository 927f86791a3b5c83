import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { AuthenticationCodeField } from '../../components/ui/form-field.tsx';
import { MESSAGES } from '../../../shared/schemas/auth.ts';
import { ArithmeticCaptcha, type SolvedChallenge } from './captcha.tsx';

/**
 * The second step of signing in: the authenticator's code, or a recovery code; and the
 * challenge once the server asks for it again (after failed attempts on the account).
 */
export function SecondFactorForm({
  pending,
  error,
  captchaRound,
  askChallenge,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  error?: string;
  captchaRound: number;
  askChallenge: boolean;
  onSubmit: (code: string, challenge: SolvedChallenge | null) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<SolvedChallenge | null>(null);
  const [missing, setMissing] = useState(false);
  const [challengeMissing, setChallengeMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  // Each challenge is answered once: a new round means the solved one is spent.
  useEffect(() => setChallenge(null), [captchaRound]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setMissing(!typed);
    if (!typed) return;
    if (askChallenge && !challenge) return setChallengeMissing(true);
    setChallengeMissing(false);
    onSubmit(typed, challenge);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Open your authenticator app and enter the 6-digit code it shows for ICTACEM 2025. Lost your phone? Enter one of
        your recovery codes instead.
      </p>
      <AuthenticationCodeField
        ref={input}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={missing ? 'Please enter the code.' : undefined}
      />
      {askChallenge && <ArithmeticCaptcha onChange={setChallenge} round={captchaRound} />}
      {challengeMissing && !challenge && <p className="text-sm text-red-700">{MESSAGES.captchaRequired}</p>}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify and log in'}
      </Button>
      <button
        type="button"
        onClick={onCancel}
        className="w-full text-center text-sm font-medium text-brand-700 hover:underline"
      >
        Back to email and password
      </button>
    </form>
  );
}
