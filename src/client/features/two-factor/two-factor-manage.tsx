import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bothFactorsBodySchema, type TwoFactorStatus } from '@shared/schemas/two-factor.ts';
import { Button } from '@client/components/ui/button.tsx';
import { AuthenticationCodeField, PasswordField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useDisableTwoFactor, useRenewRecoveryCodes } from './two-factor-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';

/** Two-factor sign-in is on: new recovery codes, or (when not required) turning it off, each with the password and a code. */
export function TwoFactorManage({
  status,
  onRenewed,
}: {
  status: TwoFactorStatus;
  onRenewed: (recoveryCodes: string[]) => void;
}) {
  const toast = useToast();
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(bothFactorsBodySchema),
    defaultValues: { currentPassword: '', code: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const [failure, setFailure] = useState<string>();
  // One message for the form: the password's first, as it is asked for first.
  const problem = errors.currentPassword?.message ?? errors.code?.message ?? failure;
  const busy = renew.isPending || disable.isPending;

  const run = (action: 'renew' | 'disable') =>
    handleSubmit((body) => {
      setFailure(undefined);
      const onError = (error: unknown) => setFailure(errorText(error, 'That did not work. Please try again.'));
      // Each code works once: the next try needs the app's next one.
      const onSettled = () => setValue('code', '');
      if (action === 'renew')
        renew.mutate(body, { onSuccess: ({ recoveryCodes }) => onRenewed(recoveryCodes), onError, onSettled });
      else disable.mutate(body, { onSuccess: ({ message }) => toast.success(message), onError, onSettled });
    });

  return (
    <div className="space-y-4">
      <p className="font-medium text-green-800">Two-factor sign-in is on.</p>
      <p className={status.recoveryCodesLeft <= 3 ? 'font-medium text-amber-800' : 'text-slate-700'}>
        {status.recoveryCodesLeft} unused recovery code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
        {status.recoveryCodesLeft <= 3 && ' Make new ones before you run out.'}
      </p>
      <form onSubmit={run('renew')} noValidate className="max-w-md space-y-4">
        <PasswordField label="Current password" autoComplete="current-password" {...register('currentPassword')} />
        <AuthenticationCodeField {...register('code')} />
        {problem && <Alert>{problem}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            {renew.isPending ? 'Making codes...' : 'Make new recovery codes'}
          </Button>
          {!status.required && (
            <Button variant="danger" disabled={busy} onClick={run('disable')}>
              {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
            </Button>
          )}
        </div>
        {status.required && (
          <p className="text-sm text-slate-600">
            Organizers keep two-factor sign-in on; it cannot be turned off for this account.
          </p>
        )}
      </form>
    </div>
  );
}
