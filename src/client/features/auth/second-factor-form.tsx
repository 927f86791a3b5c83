import { currentConference } from '@shared/conference.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@client/components/ui/button.tsx';
import { AuthenticationCodeField } from '@client/components/ui/form-field.tsx';
import { MESSAGES } from '@shared/schemas/auth.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { ArithmeticCaptcha, type SolvedChallenge } from './captcha.tsx';
import { Alert } from '@client/components/ui/alert.tsx';

/** The code as typed; the solved challenge only when the server asks for one. */
const secondFactorFormSchema = (challengeAsked: boolean) =>
  z
    .object({
      code: z.string().trim().min(1, 'Please enter the code.'),
      challenge: z.custom<SolvedChallenge>().nullable(),
    })
    .refine((form) => !challengeAsked || form.challenge !== null, {
      message: MESSAGES.captchaRequired,
      path: ['challenge'],
      // One message at a time: the challenge is asked for once the code is there.
      when: ({ issues }) => issues.length === 0,
    });

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
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(secondFactorFormSchema(askChallenge)),
    defaultValues: { code: '', challenge: null },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  useEffect(() => setFocus('code'), [setFocus]);
  // Each challenge is answered once: a new round means the solved one is spent.
  useEffect(() => setValue('challenge', null), [captchaRound, setValue]);

  const submit = handleSubmit(({ code, challenge }) => onSubmit(code, challenge));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        {`Open your authenticator app and enter the 6-digit code it shows for ${currentConference().shortName}. Lost your phone? Enter one of your recovery codes instead.`}
      </p>
      <AuthenticationCodeField error={errors.code?.message} {...register('code')} />
      {askChallenge && (
        <Controller
          control={control}
          name="challenge"
          render={({ field, fieldState }) => (
            <>
              <ArithmeticCaptcha onChange={field.onChange} round={captchaRound} />
              {/* Once solved, the message no longer applies. */}
              {fieldState.error && !field.value && <p className="text-sm text-red-700">{fieldState.error.message}</p>}
            </>
          )}
        />
      )}
      {error && <Alert>{error}</Alert>}
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
