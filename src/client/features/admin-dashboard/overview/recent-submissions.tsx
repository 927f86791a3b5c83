import { Link } from 'react-router';
import type { RecentSubmission } from '@shared/schemas/admin-dashboard.ts';
import { StatusBadge } from '@client/components/status-badge.tsx';
import { relativeSubmissionDate } from '@client/lib/dates.ts';
import { knownStatus } from '../status-distribution.ts';

/** Spec 9: the dashboard lists the 8 newest submissions. */
const RECENT_SUBMISSIONS_SHOWN = 8;

interface RecentSubmissionsProps {
  submissions: RecentSubmission[];
  totalPapers: number;
  /** Where 'View all submissions' leads: the Paper Management section. */
  allSubmissionsHref: string;
  /** Called as the link is followed, e.g. to move focus to the section it opens. */
  onViewAll: () => void;
}

export function RecentSubmissions({ submissions, totalPapers, allSubmissionsHref, onViewAll }: RecentSubmissionsProps) {
  if (submissions.length === 0) return <p className="py-6 text-center text-sm text-slate-600">No submissions yet.</p>;
  const now = new Date();
  return (
    <div>
      <ul className="divide-y divide-slate-100" data-testid="recent-submissions">
        {submissions.slice(0, RECENT_SUBMISSIONS_SHOWN).map((submission) => (
          <li key={submission._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <Link
                to={`/admin/paper/${submission._id}`}
                className="font-semibold break-words text-brand-800 hover:underline"
              >
                {submission.title}
              </Link>
              <p className="mt-0.5 text-xs break-words text-slate-600">
                <span className="font-mono">{submission.ictacemId}</span>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, by </span>
                {submission.firstAuthor || 'Unknown'}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, submitted </span>
                {relativeSubmissionDate(submission.submittedAt, now)}
              </p>
            </div>
            <div className="shrink-0">
              <StatusBadge status={knownStatus(submission.status)} />
            </div>
          </li>
        ))}
      </ul>
      {totalPapers > RECENT_SUBMISSIONS_SHOWN && (
        <Link
          to={allSubmissionsHref}
          onClick={onViewAll}
          className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
        >
          View all submissions
        </Link>
      )}
    </div>
  );
}
