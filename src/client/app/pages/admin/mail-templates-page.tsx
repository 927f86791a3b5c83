import { Link } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { MailTemplatesView } from '@client/features/mail-templates/mail-templates-view.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

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
            <MailTemplatesView />
          </div>
        </>
      )}
    </AdminGuard>
  );
}
