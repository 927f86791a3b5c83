import { AdminDashboard } from '@client/features/admin-dashboard/admin-dashboard.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { MessageAuthorsDialog } from '@client/features/author-messages/message-authors-dialog.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

/** The admin area's entry: the header, then the dashboard, users and papers. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} titleIsHeading />
          <AdminDashboard MessageAuthorsDialog={MessageAuthorsDialog} />
        </>
      )}
    </AdminGuard>
  );
}
