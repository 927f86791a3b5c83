import { currentConference } from '@shared/conference.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { enableTwoFactorBodySchema } from '@shared/schemas/two-factor.ts';
import { Button } from '@client/components/ui/button.tsx';
import { PasswordField, TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useEnableTwoFactor, useStartEnrolment } from './two-factor-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';

/** "ABCD EFGH ...": a key people can read out and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/** The code as the app shows it ("123 456" too), sent as its six digits. */
const enableTwoFactorFormSchema = enableTwoFactorBodySchema.extend({
  code: z
    .string()
    .transform((typed) => typed.replace(/\s/g, ''))
    .pipe(enableTwoFactorBodySchema.shape.code),
});

/** Enrolment: a QR code to scan, then a first code and the password to turn it on. */
export function TwoFactorSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const start = useStartEnrolment();
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(enableTwoFactorFormSchema),
    defaultValues: { code: '', currentPassword: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const [failure, setFailure] = useState<string>();
  // One message for the form: the code's first, as the code is asked for first.
  const problem = errors.code?.message ?? errors.currentPassword?.message ?? failure;

  if (!start.data) {
    return (
      <div className="space-y-3">
        <p className="text-slate-700">
          With two-factor sign-in, your password alone no longer opens your account: you also enter a code from an
          authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password or
          Aegis).
        </p>
        {start.isError && <Alert>{errorText(start.error, 'The set-up could not start. Please try again.')}</Alert>}
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    );
  }

  const submit = handleSubmit((body) => {
    setFailure(undefined);
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => setFailure(errorText(error, 'Two-factor sign-in could not be turned on. Please try again.')),
    });
  });

  const { qrSvg, secret } = start.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="scan-heading" className="space-y-3">
        <h2 id="scan-heading" className="text-lg font-semibold text-brand-900">
          1. Scan this QR code with your authenticator app
        </h2>
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`}
          alt={`QR code to add ${currentConference().shortName} to your authenticator app`}
          width={192}
          height={192}
          className="rounded border border-slate-200 bg-white"
        />
        <p className="text-sm text-slate-700">
          Cannot scan? Add an account by hand with this key (time-based):{' '}
          <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
            {grouped(secret)}
          </code>
        </p>
      </section>
      <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-labelledby="confirm-heading">
        <h2 id="confirm-heading" className="text-lg font-semibold text-brand-900">
          2. Enter the code it shows
        </h2>
        <TextField label="6-digit code" inputMode="numeric" autoComplete="one-time-code" {...register('code')} />
        <PasswordField label="Current password" autoComplete="current-password" {...register('currentPassword')} />
        {problem && <Alert>{problem}</Alert>}
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Turning on...' : 'Turn on two-factor sign-in'}
        </Button>
      </form>
    </div>
  );
}
