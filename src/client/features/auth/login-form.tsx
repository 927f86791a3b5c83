import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LIMITS } from '@shared/constants.ts';
import { MESSAGES } from '@shared/schemas/auth.ts';
import { FormSubmitButton } from '@client/components/ui/form-submit-button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { PasswordField, TextField } from '@client/components/ui/form-field.tsx';
import { ArithmeticCaptcha, type SolvedChallenge } from '@client/features/auth/captcha.tsx';
import { SecondFactorForm } from '@client/features/auth/second-factor-form.tsx';
import { ApiError } from '@client/lib/api.ts';
import { useLogin } from '@client/lib/auth-api.ts';
import { safeReturnPath } from '@client/lib/safe-redirect.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { currentConference } from '@shared/conference.ts';

const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email(MESSAGES.emailInvalid)),
  password: z
    .string()
    .min(LIMITS.signInPasswordMin, MESSAGES.signInPasswordTooShort)
    .max(LIMITS.passwordMax, MESSAGES.passwordTooLong),
});
type LoginForm = z.infer<typeof loginFormSchema>;

/** Pages send people here with state { from } or ?redirect=, and { message } for a green note. */
interface LoginLocationState {
  from?: unknown;
  message?: unknown;
}

/** The page /login (pages/author/login-page.tsx loads it after the first paint). */
export default function LoginForm() {
  useDocumentTitle(
    'Login',
    `Log in to submit and follow your ${currentConference().shortName} extended abstract and paper.`,
  );
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as LoginLocationState;
  const returnTo = safeReturnPath(state.from ?? searchParams.get('redirect'));
  const notice = typeof state.message === 'string' ? state.message : undefined;

  const [challenge, setChallenge] = useState<SolvedChallenge | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [formError, setFormError] = useState<string>();
  /** Set once the password was right and the account asks for its second factor. */
  const [secondStep, setSecondStep] = useState<LoginForm | null>(null);
  const [secondStepChallenge, setSecondStepChallenge] = useState(false);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema) });

  const onError = (error: unknown, credentials: LoginForm) => {
    // The server takes each answer once: a new problem for the next try.
    setChallenge(null);
    setCaptchaRound((n) => n + 1);
    if (error instanceof ApiError && error.reason === 'two_factor_required' && !secondStep) {
      // The right password: the second step says itself what to enter.
      setSecondStep(credentials);
      setFormError(undefined);
      return;
    }
    // After failed attempts the account needs a solved challenge with every try, the code's too.
    if (secondStep && error instanceof ApiError && error.reason === 'challenge_required') setSecondStepChallenge(true);
    if (error instanceof ApiError) setFormError(error.serverMessage ?? 'Failed to login');
    else setFormError('An unexpected error occurred. Please try again.');
  };

  const onSubmit = handleSubmit((values) => {
    if (!challenge) {
      setFormError(MESSAGES.captchaRequired);
      return;
    }
    setFormError(undefined);
    login.mutate(
      { ...values, challenge },
      { onSuccess: () => navigate(returnTo, { replace: true }), onError: (error) => onError(error, values) },
    );
  });

  if (secondStep) {
    return (
      <CenteredCard title="Two-factor sign-in">
        <SecondFactorForm
          pending={login.isPending}
          error={formError}
          captchaRound={captchaRound}
          askChallenge={secondStepChallenge}
          onSubmit={(totp, secondChallenge) => {
            setFormError(undefined);
            login.mutate(
              { ...secondStep, totp, ...(secondChallenge ? { challenge: secondChallenge } : {}) },
              {
                onSuccess: () => navigate(returnTo, { replace: true }),
                onError: (error) => onError(error, secondStep),
              },
            );
          }}
          onCancel={() => {
            setSecondStep(null);
            setSecondStepChallenge(false);
            setFormError(undefined);
          }}
        />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Login">
      {notice && (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      )}
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <ArithmeticCaptcha onChange={setChallenge} round={captchaRound} />
        {formError && <Alert>{formError}</Alert>}
        <FormSubmitButton pending={login.isPending} label="Login" pendingLabel="Logging in..." />
      </form>
      <div className="mt-6 space-y-2 text-center text-sm">
        <p>
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot your password?
          </Link>
        </p>
        <p>
          Don&apos;t have an account?{' '}
          <Link to="/registration" className="font-medium text-brand-700 hover:underline">
            Sign Up now
          </Link>
        </p>
      </div>
    </CenteredCard>
  );
}
