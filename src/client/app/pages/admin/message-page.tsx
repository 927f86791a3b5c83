import { Link, useParams } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { MessageDeliveries } from '@client/features/author-messages/message-deliveries.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

export default function MessagePage() {
  useDocumentTitle('Message deliveries');
  const { messageId = '' } = useParams();
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <Link to="/admin/messages" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Messages
            </Link>
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Message deliveries</h1>
            <MessageDeliveries messageId={messageId} />
          </div>
        </>
      )}
    </AdminGuard>
  );
}
