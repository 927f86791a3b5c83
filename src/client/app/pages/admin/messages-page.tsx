import { Link } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { SentMessages } from '@client/features/author-messages/sent-messages.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

export default function MessagesPage() {
  useDocumentTitle('Messages');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <Link to="/admin?section=papers" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Paper Management
            </Link>
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Messages</h1>
            <SentMessages />
          </div>
        </>
      )}
    </AdminGuard>
  );
}
