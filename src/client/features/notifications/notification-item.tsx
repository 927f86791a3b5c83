import { Link } from 'react-router';
import type { NotificationLink, NotificationView } from '@shared/schemas/notification.ts';
import { relativeTime } from '@client/lib/dates.ts';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

const PRIORITY_TONES: Record<NotificationView['priority'], BadgeTone> = {
  medium: 'neutral',
  high: 'attention',
  urgent: 'danger',
};

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-900';

/** Where the notification leads: a page of the reader's, or a file (the calendar entry its e-mail has attached). */
function NotificationAction({ link, onFollow }: { link: NotificationLink; onFollow: () => void }) {
  if (link.kind === 'file')
    return (
      <a href={link.url} download onClick={onFollow} className={linkClass}>
        {link.label}
      </a>
    );
  return (
    <Link to={link.path} onClick={onFollow} className={linkClass}>
      {link.label}
    </Link>
  );
}

/** One notification with its read and delete actions; text is rendered as text, never HTML. */
export function NotificationItem({
  notification,
  onMarkRead,
  onDelete,
  onFollow,
  compact = false,
}: {
  notification: NotificationView;
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
  /** Called when its link is followed (the bell closes). */
  onFollow?: () => void;
  compact?: boolean;
}) {
  const { _id, title, message, isRead, createdAt, priority, paperId, link } = notification;
  return (
    <li
      data-testid="notification-item"
      data-read={isRead}
      className={`flex gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0 ${isRead ? 'bg-white' : 'bg-brand-50/60'}`}
    >
      <span
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${isRead ? 'bg-transparent' : 'bg-brand-600'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">
          {title}
          {!isRead && <span className="sr-only"> (unread)</span>}
        </p>
        {/* The bell's list shows three lines of a message; the whole is on hover and on the notifications page. */}
        <p
          className={`mt-0.5 text-sm break-words whitespace-pre-line text-slate-700 ${compact ? 'line-clamp-3' : ''}`}
          title={compact ? message : undefined}
        >
          {message}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <time dateTime={createdAt}>{relativeTime(createdAt)}</time>
          {link && (
            <NotificationAction
              link={link}
              onFollow={() => {
                // Following a notice is reading it.
                if (!isRead) onMarkRead(_id);
                onFollow?.();
              }}
            />
          )}
          {paperId && <span className="font-mono">{paperId.ictacemId}</span>}
          {priority !== 'medium' && (
            <Badge tone={PRIORITY_TONES[priority]} className="capitalize">
              {priority}
            </Badge>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-xs">
        {!isRead && (
          <button
            type="button"
            onClick={() => onMarkRead(_id)}
            className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-100"
          >
            Mark as read
          </button>
        )}
        <button
          type="button"
          onClick={() => onDelete(_id)}
          className="rounded px-2 py-1 font-medium text-red-700 hover:bg-red-50"
          aria-label={`Delete notification: ${title}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
