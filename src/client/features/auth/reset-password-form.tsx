import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '@shared/schemas/auth.ts';
import { FormSubmitButton } from '@client/components/ui/form-submit-button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { PasswordField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { useResetPassword } from '@client/lib/auth-api.ts';
import { currentConference } from '@shared/conference.ts';

type ResetForm = z.infer<typeof resetPasswordFormSchema>;

export const RESET_SUCCESS = 'Password reset successful! You can now login with your new password.';

/** The page /reset-password/{token} (pages/author/reset-password-page.tsx loads it after the first paint). */
export default function ResetPasswordForm() {
  useDocumentTitle('Reset Password', `Choose a new password for your ${currentConference().shortName} account.`);
  const { resettoken = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetPassword(resettoken);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({ resolver: zodResolver(resetPasswordFormSchema) });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(password, {
      onSuccess: () => navigate('/login', { replace: true, state: { message: RESET_SUCCESS } }),
      onError: (error) => toast.error(errorText(error, 'An unexpected error occurred. Please try again.')),
    }),
  );

  return (
    <CenteredCard title="Reset Password">
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormSubmitButton pending={reset.isPending} label="Reset Password" pendingLabel="Resetting..." />
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </CenteredCard>
  );
}
