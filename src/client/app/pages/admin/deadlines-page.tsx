import { lazy } from 'react';
import { Link } from 'react-router';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

// Each setting is a form: the form libraries load after the page has painted.
const ReleaseSetting = lazy(async () => ({
  default: (await import('@client/features/decision-release/release-setting.tsx')).ReleaseSetting,
}));
const DeadlineSettingsView = lazy(async () => ({
  default: (await import('@client/features/deadlines-admin/deadline-settings.tsx')).DeadlineSettingsView,
}));
const PageLimitsSetting = lazy(async () => ({
  default: (await import('@client/features/preflight/page-limits-setting.tsx')).PageLimitsSetting,
}));
const ResponseWordLimitForm = lazy(async () => ({
  default: (await import('@client/features/author-responses/response-panels.tsx')).ResponseWordLimitForm,
}));

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
            <LoadBoundary fallback={<Spinner label="Loading the settings..." fillsPage />}>
              <div className="space-y-8">
                <ReleaseSetting />
                <DeadlineSettingsView
                  wordLimitForm={(wordLimit) => (
                    <LoadBoundary fallback={null}>
                      <ResponseWordLimitForm wordLimit={wordLimit} />
                    </LoadBoundary>
                  )}
                />
                <PageLimitsSetting />
              </div>
            </LoadBoundary>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
