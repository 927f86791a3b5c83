import { Link } from 'react-router';
import { PAPER_STATUS_LABELS, PAPER_STATUSES } from '@shared/constants.ts';
import type { AdminUserRow } from '@shared/schemas/admin-dashboard.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { formatDate } from '@client/lib/dates.ts';
import { statusBadgeClass } from '@client/components/status-badge.tsx';
import { formatCount } from '@shared/format/numbers.ts';
import { EmailText } from '@client/components/ui/email-text.tsx';

/** The avatar's single letter (spec 2.4); Array.from keeps a letter outside the BMP whole. */
function avatarInitial(username: string): string {
  return (Array.from(username.trim())[0] ?? '?').toUpperCase();
}

/** A user in User Management (spec 2.4). */
export function UserCard({ user }: { user: AdminUserRow }) {
  const nameId = `user-name-${user._id}`;
  const statuses = PAPER_STATUSES.filter((status) => user.statusCounts[status] > 0);
  return (
    <article
      aria-labelledby={nameId}
      data-testid="user-card"
      className="flex w-full min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          aria-hidden="true"
        >
          {avatarInitial(user.username)}
        </span>
        <div className="min-w-0">
          <h3 id={nameId} className="font-semibold break-words text-slate-900">
            {user.username}
          </h3>
          <EmailText email={user.email} className="text-sm text-slate-600" />
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">User ID</dt>
          <dd className="font-mono wrap-anywhere text-slate-900">{user.customUserId}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Registered</dt>
          <dd className="text-slate-900">{formatDate(user.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Papers</dt>
          <dd className="flex flex-wrap items-center gap-1.5">
            <span className="font-semibold text-slate-900">{formatCount(user.paperCount)}</span>
            {statuses.map((status) => (
              <span
                key={status}
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
                title={PAPER_STATUS_LABELS[status]}
              >
                {user.statusCounts[status]}
                <span className="sr-only"> {PAPER_STATUS_LABELS[status]}</span>
              </span>
            ))}
          </dd>
        </div>
      </dl>
      {/* The margin pushes the button to the card's foot; the padding keeps it off the facts when the card is the row's tallest. */}
      <div className="mt-auto pt-4">
        <Link to={`/admin/user/${user._id}`} className={buttonClass('secondary', 'w-full')}>
          View Details<span className="sr-only"> of {user.username}</span>
        </Link>
      </div>
    </article>
  );
}
