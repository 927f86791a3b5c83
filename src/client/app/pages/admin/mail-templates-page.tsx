import { lazy } from 'react';
import { Link } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

// Its form libraries load after the page has painted.
const MailTemplatesView = lazy(async () => ({
  default: (await import('@client/features/mail-templates/mail-templates-view.tsx')).MailTemplatesView,
}));

/** /admin/mail-templates ("Outbox → Templates"): the wording of the e-mails the site sends by itself. */
export default function MailTemplatesPage() {
  useDocumentTitle('E-mail templates');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Dashboard
            </Link>
            <h1 className="mt-2 text-2xl font-bold text-brand-900">E-mail templates</h1>
            <p className="mt-1 mb-5 text-slate-700">
              The e-mails the site writes by itself. A change applies to every e-mail written after it is saved.
            </p>
            <LoadBoundary fallback={<Spinner label="Loading the templates..." fillsPage />}>
              <MailTemplatesView />
            </LoadBoundary>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
