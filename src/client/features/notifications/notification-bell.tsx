import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { NotificationItem } from './notification-item.tsx';
import { useBellNotifications, useNotificationActions, useUnreadNotificationCount } from './notifications-api.ts';
import { useDismiss } from '@client/lib/use-dismiss.ts';

export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

function BellIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />
    </svg>
  );
}

const BUTTON_TONES = {
  /** On the light account bar. */
  light: 'text-slate-600 hover:bg-brand-100 hover:text-brand-800',
  /** On the dark main bar, where a phone has it. */
  dark: 'text-white hover:bg-white/10',
} as const;

export function NotificationBell({ tone = 'light' }: { tone?: keyof typeof BUTTON_TONES }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const unread = useUnreadNotificationCount(true).data ?? 0;
  const list = useBellNotifications(open);
  const { markRead, markAllRead, remove } = useNotificationActions();

  useDismiss(open, container, () => setOpen(false));

  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="notification-dropdown"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className={`relative rounded-full p-1.5 ${BUTTON_TONES[tone]}`}
      >
        <BellIcon />
        {unread > 0 && (
          <span
            data-testid="bell-badge"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-dropdown"
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Notifications</h2>
            <div className="flex gap-3 text-sm">
              {unread > 0 && (
                <Link
                  to="/notifications"
                  onClick={() => setOpen(false)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  View All
                </Link>
              )}
              <button
                type="button"
                onClick={() => markAllRead.mutate()}
                disabled={unread === 0}
                className="font-medium text-brand-700 hover:underline disabled:text-slate-400 disabled:no-underline"
              >
                Mark all read
              </button>
            </div>
          </div>
          <div className="max-h-[calc(70vh-3.5rem)] overflow-y-auto">
            {list.isPending ? (
              <Spinner label="Loading notifications..." />
            ) : list.isError ? (
              <p className="px-4 py-8 text-center text-sm text-red-700">Failed to fetch notifications</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications yet</p>
            ) : (
              <ul>
                {items.map((n) => (
                  <NotificationItem
                    key={n._id}
                    notification={n}
                    compact
                    onMarkRead={(id) => markRead.mutate(id)}
                    onDelete={(id) => remove.mutate(id)}
                    onFollow={() => setOpen(false)}
                  />
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <button
                type="button"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                className="w-full border-t border-slate-100 px-4 py-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
