import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { usePaperHistories } from './admin-users-api.ts';
import { formatUsDateTime } from '@client/lib/dates.ts';
import { type ActivityEvent, buildUserActivity } from './user-activity.ts';

const DOT_CLASSES: Record<ActivityEvent['kind'], string> = {
  account: 'bg-slate-400',
  abstract: 'bg-brand-600',
  fullpaper: 'bg-green-600',
};

/** Recent Activity (spec 2.6): the account and every submission, newest first, in a 600 px scrolling list. */
export function UserActivityTab({ user, papers }: { user: PublicUser; papers: AdminPaper[] }) {
  const histories = usePaperHistories(papers.map((paper) => paper._id));
  const loading = histories.some((history) => history.isPending);
  const historyByPaper = new Map(papers.map((paper, index) => [paper._id, histories[index]?.data]));
  const events = buildUserActivity(user, papers, (paperId) => historyByPaper.get(paperId));
  return (
    <section aria-labelledby="recent-activity">
      <h2 id="recent-activity" className="text-lg font-bold text-brand-900">
        Recent Activity
      </h2>
      {loading && <p className="mt-1 text-sm text-slate-500">Loading submission history...</p>}
      {/* Focusable so that keyboard users can scroll it. */}
      <ol
        tabIndex={0}
        aria-labelledby="recent-activity"
        className="mt-4 max-h-[600px] space-y-1 overflow-y-auto pr-1"
        data-testid="activity-list"
      >
        {events.map((event) => (
          <li
            key={event.id}
            className="relative flex gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
            data-testid="activity-event"
          >
            <span
              className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${DOT_CLASSES[event.kind]}`}
              aria-hidden="true"
            />
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{event.title}</p>
              {event.subtitle && <p className="text-sm text-slate-600">{event.subtitle}</p>}
              <p className="text-xs text-slate-500">
                <time dateTime={event.at}>{formatUsDateTime(event.at)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
