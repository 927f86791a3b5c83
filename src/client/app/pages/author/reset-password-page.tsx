import { lazy } from 'react';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

// The form (the form libraries) is a part of its own: the server draws it whole, and the client
// takes it over once its code has come, after the page has painted.
const ResetPasswordForm = lazy(() => import('@client/features/auth/reset-password-form.tsx'));

export default function ResetPasswordPage() {
  return (
    <LoadBoundary
      fallback={
        <CenteredCard title="Reset Password">
          <Spinner label="Loading..." />
        </CenteredCard>
      }
    >
      <ResetPasswordForm />
    </LoadBoundary>
  );
}
