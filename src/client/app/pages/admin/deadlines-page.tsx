import { Link } from 'react-router';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { DeadlineSettingsView } from '@client/features/deadlines-admin/deadline-settings.tsx';
import { PageLimitsSetting } from '@client/features/preflight/page-limits-setting.tsx';
import { ReleaseSetting } from '@client/features/decision-release/release-setting.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { ResponseWordLimitForm } from '@client/features/author-responses/response-panels.tsx';
import { AdminGuard } from './admin-guard.tsx';

/** /admin/deadlines: when decisions are released, and the conference's dates, changed with a record of each change. */
export default function DeadlinesPage() {
  useDocumentTitle('Deadlines');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Dashboard
            </Link>
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Deadlines</h1>
            <div className="space-y-8">
              <ReleaseSetting />
              <DeadlineSettingsView wordLimitForm={(wordLimit) => <ResponseWordLimitForm wordLimit={wordLimit} />} />
              <PageLimitsSetting />
            </div>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
