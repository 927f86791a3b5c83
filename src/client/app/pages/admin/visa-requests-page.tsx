import { lazy } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@client/components/ui/button.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { acceptanceLettersZipUrl } from '@client/features/letters/letters-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

// Its form libraries load after the page has painted.
const AdminVisaRequests = lazy(async () => ({
  default: (await import('@client/features/letters/admin-visa-requests.tsx')).AdminVisaRequests,
}));

export default function VisaRequestsPage() {
  useDocumentTitle('Visa Requests');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <Link to="/admin?section=papers" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Paper Management
            </Link>
            <div className="mt-2 mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <h1 className="text-2xl font-bold text-brand-900">Visa requests</h1>
              {/* Every accepted paper's letter, the missing ones issued on the way. */}
              <a href={acceptanceLettersZipUrl()} download className={buttonClass('secondary')}>
                Acceptance letters (ZIP)
              </a>
            </div>
            <LoadBoundary fallback={<Spinner label="Loading visa requests..." fillsPage />}>
              <AdminVisaRequests />
            </LoadBoundary>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
