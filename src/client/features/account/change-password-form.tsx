import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordFormSchema } from '@shared/schemas/auth.ts';
import { Button } from '@client/components/ui/button.tsx';
import { PasswordField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useChangePassword } from './account-api.ts';

type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The current password proves it is the owner; the change signs out every other session. */
export function ChangePasswordForm() {
  const toast = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema) });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          reset();
          toast.success(message);
        },
        onError: (error) => toast.error(errorText(error, 'The password could not be changed. Please try again.')),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className="text-sm text-slate-600">At least 8 characters (12 for organizers); a common password is refused.</p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
