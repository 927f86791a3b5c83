import { useState } from 'react';
import { Button } from '@client/components/ui/button.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { NotificationItem } from '@client/features/notifications/notification-item.tsx';
import {
  type NotificationFilter,
  useNotificationActions,
  useNotificationsPage,
  useUnreadNotificationCount,
} from '@client/features/notifications/notifications-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';
import { type TabItem, TabList, TabPanel } from '@client/components/ui/tabs.tsx';
import { formatCount } from '@shared/format/numbers.ts';

const TABS: TabItem<NotificationFilter>[] = [
  { key: 'all', label: 'All' },
  { key: 'unread', label: 'Unread' },
  { key: 'read', label: 'Read' },
];

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  return (
    <SignInGuard signedOut={{ notice: 'Please log in to see your notifications. Redirecting to the login page...' }}>
      {() => <NotificationsList />}
    </SignInGuard>
  );
}

function NotificationsList() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const list = useNotificationsPage(page, filter);
  const unread = useUnreadNotificationCount(true).data ?? 0;
  const { markRead, markAllRead, remove } = useNotificationActions();

  const choose = (next: NotificationFilter) => {
    setFilter(next);
    setPage(1);
  };
  const data = list.data;
  const emptyText = filter === 'unread' ? 'No unread notifications' : 'No notifications';

  // The page holds the window's height whatever it shows (loading, a few notifications, an error),
  // so the footer never moves into view and out again while the list arrives (a layout shift).
  return (
    <PageContainer className="min-h-screen py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-brand-900">Notifications</h1>
        <Button
          variant="secondary"
          onClick={() => markAllRead.mutate()}
          disabled={unread === 0 || markAllRead.isPending}
        >
          Mark All Read ({unread})
        </Button>
      </div>
      <div className="mt-6">
        <TabList
          tabs={TABS}
          selected={filter}
          onSelect={choose}
          label="Filter notifications"
          idPrefix="notifications"
          variant="underline"
        />
      </div>
      <TabPanel
        idPrefix="notifications"
        tabKey={filter}
        className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {list.isPending ? (
          <Spinner label="Loading notifications..." />
        ) : list.isError ? (
          <div className="px-4 py-12 text-center">
            <h2 className="text-lg font-semibold text-red-800">Error loading notifications</h2>
            <p className="mt-2 text-sm text-slate-600">Failed to fetch notifications</p>
            <Button className="mt-4" onClick={() => list.refetch()}>
              Try Again
            </Button>
          </div>
        ) : data && data.notifications.length > 0 ? (
          <ul>
            {data.notifications.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                onMarkRead={(id) => markRead.mutate(id)}
                onDelete={(id) => remove.mutate(id)}
              />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-12 text-center text-slate-500">{emptyText}</p>
        )}
      </TabPanel>
      {data && data.pagination.totalNotifications > 0 && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <p>
            Showing {formatCount(data.notifications.length)} of {formatCount(data.pagination.totalNotifications)}{' '}
            notifications
          </p>
          <div className="flex items-center gap-3">
            <Button variant="secondary" onClick={() => setPage((p) => p - 1)} disabled={!data.pagination.hasPrev}>
              Previous
            </Button>
            <span>
              Page {formatCount(data.pagination.currentPage)} of {formatCount(data.pagination.totalPages)}
            </span>
            <Button variant="secondary" onClick={() => setPage((p) => p + 1)} disabled={!data.pagination.hasNext}>
              Next
            </Button>
          </div>
        </div>
      )}
    </PageContainer>
  );
}
