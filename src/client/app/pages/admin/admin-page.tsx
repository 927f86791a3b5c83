import { Card } from '../../../components/ui/card.tsx';
import { AdminHeader } from '../../../features/admin-review/admin-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

/** The admin area's entry: a placeholder until the dashboard (overview, users, papers) is built. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} titleIsHeading />
          <div className="mx-auto max-w-7xl px-4 py-8">
            <Card>
              <p className="text-slate-700">
                The dashboard with the overview, the users and the papers is on its way. Until then, papers and users are opened
                from their own links.
              </p>
            </Card>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
