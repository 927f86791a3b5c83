import { lazy } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useAuth } from '@client/lib/auth-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';

// Its form libraries load after the page has painted.
const CheckInDesk = lazy(async () => ({
  default: (await import('@client/features/check-in/check-in-desk.tsx')).CheckInDesk,
}));

/** /admin/check-in: the registration desk, for organisers and volunteer accounts (the server checks every call). */
export default function CheckInPage() {
  useDocumentTitle('Check-in');
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Loading check-in..." fillsPage />;
  if (!user) return <Navigate to="/login?redirect=/admin/check-in" replace />;
  if (user.role !== 'admin' && user.role !== 'volunteer') return <Navigate to="/admin" replace />;
  return (
    // At least a screen tall, so that the footer stays below the fold while the desk loads: no shift.
    <div className="mx-auto min-h-screen w-full max-w-xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold text-brand-900">Check-in</h1>
      <LoadBoundary fallback={<Spinner label="Loading check-in..." />}>
        <CheckInDesk />
      </LoadBoundary>
    </div>
  );
}
