import { lazy, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicUser } from '@shared/schemas/user.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { TabPanel } from '@client/components/ui/tabs.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { isNotFound } from '@client/admin/admin-paper.ts';
import {
  useAdminUser,
  useAdminUserPaperCounts,
  useAdminUserPapers,
} from '@client/features/admin-review/admin-users-api.ts';
import { UserActivityTab } from '@client/features/admin-review/user-activity-tab.tsx';
import { UserOverviewTab } from '@client/features/admin-review/user-overview-tab.tsx';
import { userPaperStats } from '@client/features/admin-review/user-paper-stats.ts';
import {
  QuickStats,
  type UserTab,
  USER_TABS_ID,
  UserProfileCard,
} from '@client/features/admin-review/user-profile-sidebar.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';
import { Alert, PageLoadError } from '@client/components/ui/alert.tsx';

// The papers tab holds the submission controls (forms): fetched when the tab is first opened.
const UserPapersTab = lazy(async () => ({
  default: (await import('@client/features/admin-review/user-papers-tab.tsx')).UserPapersTab,
}));

const LOADING = 'Loading user details...';

/** /admin/user/{userId}: one user's account, papers and activity (spec 2.6). */
export default function AdminUserPage() {
  useDocumentTitle('User Profile');
  const { userId = '' } = useParams();
  return (
    <AdminGuard whenDenied="redirect" loadingLabel={LOADING}>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <UserDetails userId={userId} />
        </>
      )}
    </AdminGuard>
  );
}

function UserDetails({ userId }: { userId: string }) {
  const user = useAdminUser(userId);
  if (user.isPending) return <Spinner label={LOADING} fillsPage />;
  if (user.isError) {
    if (isNotFound(user.error)) {
      return (
        <CenteredCard title="User Not Found">
          <p className="text-center text-slate-600">The requested user profile could not be located.</p>
          <ButtonLink to="/admin" className="mt-6 w-full">
            Return to Dashboard
          </ButtonLink>
        </CenteredCard>
      );
    }
    return <PageLoadError>Failed to load user details</PageLoadError>;
  }
  return <UserProfile user={user.data} />;
}

function UserProfile({ user }: { user: PublicUser }) {
  const [tab, setTab] = useState<UserTab>('overview');
  const papers = useAdminUserPapers(user._id);
  const counts = useAdminUserPaperCounts(user._id);
  const stats = userPaperStats(counts.data, papers.data);

  const papersContent = (render: (list: NonNullable<typeof papers.data>) => ReactNode) =>
    papers.isPending ? (
      <Spinner label="Loading user papers..." />
    ) : papers.isError ? (
      <Alert centred>Failed to load user papers</Alert>
    ) : (
      render(papers.data)
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="mb-5 text-sm">
        <ol className="flex flex-wrap items-center gap-2 text-slate-600">
          <li>
            <Link to="/admin" className="font-semibold text-brand-700 hover:underline">
              Dashboard
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page" className="font-medium text-slate-900">
            User Profile
          </li>
        </ol>
      </nav>
      {/* On a phone the selected tab comes right after the tab menu; Quick Stats follow it. */}
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <UserProfileCard user={user} tab={tab} onTabChange={setTab} />
        <TabPanel
          idPrefix={USER_TABS_ID}
          tabKey={tab}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {tab === 'overview' && <UserOverviewTab user={user} stats={stats} />}
          {tab === 'papers' &&
            papersContent((list) => (
              <LoadBoundary fallback={<Spinner label="Loading user papers..." />}>
                <UserPapersTab papers={list} />
              </LoadBoundary>
            ))}
          {tab === 'activity' && papersContent((list) => <UserActivityTab user={user} papers={list} />)}
        </TabPanel>
        <QuickStats stats={stats} className="self-start lg:col-start-1 lg:row-start-2" />
      </div>
    </div>
  );
}
