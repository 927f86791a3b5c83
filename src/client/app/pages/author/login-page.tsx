import { lazy } from 'react';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

// The form (the form libraries) is a part of its own: the server draws it whole, and the client
// takes it over once its code has come, after the page has painted.
const LoginForm = lazy(() => import('@client/features/auth/login-form.tsx'));

export default function LoginPage() {
  return (
    <LoadBoundary
      fallback={
        <CenteredCard title="Login">
          <Spinner label="Loading..." />
        </CenteredCard>
      }
    >
      <LoginForm />
    </LoadBoundary>
  );
}
