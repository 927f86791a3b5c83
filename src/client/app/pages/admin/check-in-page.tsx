import { Navigate } from 'react-router';
import { CheckInDesk } from '@client/features/check-in/check-in-desk.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useAuth } from '@client/lib/auth-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /admin/check-in: the registration desk, for organisers and volunteer accounts (the server checks every call). */
export default function CheckInPage() {
  useDocumentTitle('Check-in');
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Loading check-in..." fillsPage />;
  if (!user) return <Navigate to="/login?redirect=/admin/check-in" replace />;
  if (user.role !== 'admin' && user.role !== 'volunteer') return <Navigate to="/admin" replace />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold text-brand-900">Check-in</h1>
      <CheckInDesk />
    </div>
  );
}
