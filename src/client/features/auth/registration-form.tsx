import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerFormSchema } from '@shared/schemas/auth.ts';
import { FormSubmitButton } from '@client/components/ui/form-submit-button.tsx';
import { buttonClass, ButtonLink } from '@client/components/ui/button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { PasswordField, TextField } from '@client/components/ui/form-field.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { conference, contactMailHref } from '@client/content/conference.ts';
import { errorText } from '@client/lib/api.ts';
import { useRegister, useRegistrationOpen } from '@client/lib/auth-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { currentConference } from '@shared/conference.ts';

/** The page /registration (pages/author/registration-page.tsx loads it after the first paint). */
export default function RegistrationForm() {
  const days = useConferenceDays();
  useDocumentTitle('Registration', `Registration for ${currentConference().shortName}${days ? `, ${days}` : ''}.`);
  const registrationOpen = useRegistrationOpen();
  if (registrationOpen === undefined) return <Spinner label="Loading..." fillsPage />;
  return registrationOpen ? <SignUpForm /> : <RegistrationsClosed />;
}

function RegistrationsClosed() {
  const mail = contactMailHref(`${currentConference().shortName} registration`);
  const days = useConferenceDays();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-amber-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <LockIcon />
        </span>
        <h1 className="text-3xl font-bold text-balance text-brand-900">Registrations Closed</h1>
        <p className="mt-4 text-pretty text-slate-700">
          Registration for {conference.shortName} is currently closed. Thank you for your interest.
        </p>
        <dl className="mx-auto mt-6 max-w-sm space-y-2 rounded-lg bg-slate-50 p-4 text-left text-sm">
          {days && (
            <div className="flex gap-2">
              <dt className="font-semibold">Dates:</dt>
              <dd>{days}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt className="font-semibold">Venue:</dt>
            <dd>{conference.venue}</dd>
          </div>
        </dl>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {mail ? (
            <a href={mail} className={buttonClass('secondary')}>
              Contact Support
            </a>
          ) : (
            <p className="self-center text-sm text-balance text-slate-600">
              Contact Support: e-mail address to be announced
            </p>
          )}
          <ButtonLink to="/">Back to Home</ButtonLink>
        </div>
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 018 0v4" />
    </svg>
  );
}

type SignUpValues = z.infer<typeof registerFormSchema>;

function SignUpForm() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpValues>({ resolver: zodResolver(registerFormSchema) });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    registration.mutate(body, {
      onSuccess: () => navigate('/profile', { replace: true }),
      onError: (error) => setFailure(errorText(error, 'Failed to register')),
    }),
  );

  return (
    <CenteredCard title="Sign Up">
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Full name" autoComplete="name" error={errors.username?.message} {...register('username')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {failure && <Alert>{failure}</Alert>}
        <FormSubmitButton pending={registration.isPending} label="Sign Up" pendingLabel="Creating account..." />
      </form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </CenteredCard>
  );
}
