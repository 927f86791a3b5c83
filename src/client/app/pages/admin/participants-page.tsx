import { Link } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { ParticipantsSection } from '@client/features/participants/participants-section.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

/** /admin/participants: who attends, their badges, the volunteers and the check-in counts. */
export default function ParticipantsPage() {
  useDocumentTitle('Participants');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          {/* A screen high from the first paint: the footer never shows and is pushed away (a layout shift). */}
          <div className="mx-auto min-h-screen w-full max-w-7xl px-4 py-6">
            <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Dashboard
            </Link>
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Participants</h1>
            <ParticipantsSection />
          </div>
        </>
      )}
    </AdminGuard>
  );
}
