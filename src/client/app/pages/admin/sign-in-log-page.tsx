import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { SignInLog } from '@client/features/auth-events/sign-in-log.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

export default function SignInLogPage() {
  useDocumentTitle('Sign-in Log');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <h1 className="mb-5 text-2xl font-bold text-brand-900">Sign-in Log</h1>
            <SignInLog />
          </div>
        </>
      )}
    </AdminGuard>
  );
}
