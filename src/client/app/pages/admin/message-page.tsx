import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

// Its form libraries load after the page has painted.
const MessageDeliveries = lazy(async () => ({
  default: (await import('@client/features/author-messages/message-deliveries.tsx')).MessageDeliveries,
}));

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
            <LoadBoundary fallback={<Spinner label="Loading deliveries..." fillsPage />}>
              <MessageDeliveries messageId={messageId} />
            </LoadBoundary>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
