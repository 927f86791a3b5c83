import { lazy } from 'react';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

// Its form libraries load after the page has painted.
const SignInLog = lazy(async () => ({
  default: (await import('@client/features/auth-events/sign-in-log.tsx')).SignInLog,
}));

export default function SignInLogPage() {
  useDocumentTitle('Sign-in Log');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <h1 className="mb-5 text-2xl font-bold text-brand-900">Sign-in Log</h1>
            <LoadBoundary fallback={<Spinner label="Loading the sign-in log..." fillsPage />}>
              <SignInLog />
            </LoadBoundary>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
