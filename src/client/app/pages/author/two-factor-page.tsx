import { lazy, useState } from 'react';
import { TWO_FACTOR_MESSAGES } from '@shared/domain/two-factor-messages.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { RecoveryCodes } from '@client/features/two-factor/recovery-codes.tsx';
import { useTwoFactorStatus } from '@client/features/two-factor/two-factor-api.ts';
import { errorText } from '@client/lib/api.ts';
import { useAuth } from '@client/lib/auth-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';
import { currentConference } from '@shared/conference.ts';

// The set-up and its management are forms: the form libraries load after the page has painted.
const TwoFactorManage = lazy(async () => ({
  default: (await import('@client/features/two-factor/two-factor-manage.tsx')).TwoFactorManage,
}));
const TwoFactorSetup = lazy(async () => ({
  default: (await import('@client/features/two-factor/two-factor-setup.tsx')).TwoFactorSetup,
}));

export default function TwoFactorPage() {
  useDocumentTitle(
    'Two-factor sign-in',
    `Sign in to ${currentConference().shortName} with a code from your phone as well as your password.`,
  );
  return (
    <SignInGuard
      signedOut={{ notice: 'Please log in to manage your account. Redirecting to the login page...' }}
      loadingLabel="Loading your account..."
    >
      {() => <TwoFactorSettings />}
    </SignInGuard>
  );
}

function TwoFactorSettings() {
  const { isAdmin, mustEnrolTwoFactor } = useAuth();
  const status = useTwoFactorStatus();
  /** Recovery codes just made, and what was done: shown this once. */
  const [fresh, setFresh] = useState<{ codes: string[]; message: string } | null>(null);

  let body;
  if (fresh) {
    body = (
      <div className="space-y-4">
        <p role="status" className="font-medium text-green-800">
          {fresh.message}
        </p>
        <RecoveryCodes codes={fresh.codes} />
        <ButtonLink to={isAdmin ? '/admin' : '/account'}>I have saved my codes, continue</ButtonLink>
      </div>
    );
  } else if (status.isPending) {
    body = <Spinner label="Loading..." />;
  } else if (status.isError) {
    body = <p className="text-red-700">{errorText(status.error, 'Your two-factor settings could not be loaded.')}</p>;
  } else if (status.data.enabled) {
    body = (
      <TwoFactorManage
        status={status.data}
        onRenewed={(codes) => setFresh({ codes, message: TWO_FACTOR_MESSAGES.codesRenewed })}
      />
    );
  } else {
    body = <TwoFactorSetup onEnabled={(codes) => setFresh({ codes, message: TWO_FACTOR_MESSAGES.enabled })} />;
  }

  return (
    <PageContainer className="space-y-6 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-brand-900">Two-factor sign-in</h1>
      {mustEnrolTwoFactor && !fresh && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900"
        >
          {TWO_FACTOR_MESSAGES.enrolmentNeeded}
        </p>
      )}
      <Card>
        <LoadBoundary fallback={<Spinner label="Loading..." />}>{body}</LoadBoundary>
      </Card>
    </PageContainer>
  );
}
