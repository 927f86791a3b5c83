import { lazy } from 'react';
import type { PublicUser } from '@shared/schemas/user.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { SessionsList } from '@client/features/account/sessions-list.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';
import { currentConference } from '@shared/conference.ts';

// The password form (the form libraries) loads after the page has painted, in a place of its height.
const ChangePasswordForm = lazy(async () => ({
  default: (await import('@client/features/account/change-password-form.tsx')).ChangePasswordForm,
}));

export default function AccountPage() {
  useDocumentTitle(
    'Password and Sessions',
    `Change your ${currentConference().shortName} password and see where you are signed in.`,
  );
  return (
    <SignInGuard
      signedOut={{ notice: 'Please log in to manage your account. Redirecting to the login page...' }}
      loadingLabel="Loading your account..."
    >
      {(user) => <AccountSettings user={user} />}
    </SignInGuard>
  );
}

function AccountSettings({ user }: { user: PublicUser }) {
  return (
    <PageContainer className="space-y-8 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-brand-900">Password and Sessions</h1>
      <Card>
        <section aria-labelledby="password-heading">
          <h2 id="password-heading" className="mb-4 text-xl font-semibold text-brand-900">
            Change password
          </h2>
          <LoadBoundary fallback={<div className="min-h-80" aria-busy="true" />}>
            <ChangePasswordForm />
          </LoadBoundary>
        </section>
      </Card>
      <Card>
        <section aria-labelledby="two-factor-heading" className="space-y-3">
          <h2 id="two-factor-heading" className="text-xl font-semibold text-brand-900">
            Two-factor sign-in
          </h2>
          <p className="text-slate-700">
            {user.twoFactorEnabled
              ? 'On: signing in asks for a code from your authenticator app as well as your password.'
              : 'Off: your password alone opens your account. Add a code from your phone to keep it safe even if your password leaks.'}
          </p>
          <ButtonLink to="/account/two-factor" variant="secondary">
            {user.twoFactorEnabled ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in'}
          </ButtonLink>
        </section>
      </Card>
      <Card>
        <section aria-labelledby="sessions-heading">
          <h2 id="sessions-heading" className="mb-1 text-xl font-semibold text-brand-900">
            Where you are signed in
          </h2>
          <p className="mb-4 text-sm text-slate-600">
            A session you do not recognise? Sign it out and change your password. Sessions end after 30 days, or after a
            week unused (8 hours for organizers).
          </p>
          <SessionsList />
        </section>
      </Card>
    </PageContainer>
  );
}
