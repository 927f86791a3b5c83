import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '@shared/schemas/auth.ts';
import { FormSubmitButton } from '@client/components/ui/form-submit-button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { useRequestPasswordReset } from '@client/lib/auth-api.ts';
import { currentConference } from '@shared/conference.ts';

const forgotFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email(MESSAGES.emailInvalid)),
});
type ForgotForm = z.infer<typeof forgotFormSchema>;

export const FORGOT_TEXT = {
  sent: 'Password reset email sent! Please check your inbox and spam folder.',
  devMode: 'Password reset token generated! Development mode: Check server console for reset link.',
  failed: 'An unexpected error occurred. Please try again.',
} as const;

/** The page /forgot-password (pages/author/forgot-password-page.tsx loads it after the first paint). */
export default function ForgotPasswordForm() {
  useDocumentTitle(
    'Forgot Password',
    `Request a link to reset your ${currentConference().shortName} account password.`,
  );
  const toast = useToast();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotFormSchema) });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (data) => toast.success(data.devMode ? FORGOT_TEXT.devMode : FORGOT_TEXT.sent),
      onError: (error) => toast.error(errorText(error, FORGOT_TEXT.failed)),
    }),
  );

  return (
    <CenteredCard title="Forgot Password">
      <p className="mb-4 text-sm text-slate-600">
        Enter the email address of your account and we will send you a link to reset your password.
      </p>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormSubmitButton pending={request.isPending} label="Send Reset Email" pendingLabel="Sending..." />
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </CenteredCard>
  );
}
