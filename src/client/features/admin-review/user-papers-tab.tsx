import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { formatDate } from '@client/lib/dates.ts';
import { StatusBadge, statusStripeClass } from '@client/components/status-badge.tsx';
import { SubmissionControls } from './submission-controls.tsx';

/** Papers (spec 2.6): each of the user's papers with its reset and restore controls. */
export function UserPapersTab({ papers }: { papers: AdminPaper[] }) {
  return (
    <section aria-labelledby="user-papers">
      <h2 id="user-papers" className="text-lg font-bold text-brand-900">
        Submitted Papers ({papers.length})
      </h2>
      {papers.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
          <p className="text-lg font-semibold text-slate-800">No Papers Yet</p>
          <p className="mt-1 text-sm text-slate-600">This user hasn't submitted any papers to the conference.</p>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {papers.map((paper) => (
            <li key={paper._id}>
              <UserPaperCard paper={paper} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserPaperCard({ paper }: { paper: AdminPaper }) {
  return (
    <article
      aria-labelledby={`user-paper-${paper._id}`}
      className="overflow-hidden rounded-xl border border-slate-200"
      data-testid="user-paper-card"
    >
      <div className={`h-1.5 ${statusStripeClass(paper.status)}`} aria-hidden="true" />
      <div className="space-y-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={`user-paper-${paper._id}`} className="font-semibold break-words text-slate-900">
              {paper.title}
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-mono">{paper.ictacemId}</span> · {paper.theme} · Submitted{' '}
              {formatDate(paper.submittedAt)}
            </p>
          </div>
          <StatusBadge status={paper.status} />
        </div>
        <SubmissionControls paper={paper} />
        <ButtonLink to={`/admin/paper/${paper._id}`} variant="secondary" className="w-full sm:w-auto">
          Review Paper
        </ButtonLink>
      </div>
    </article>
  );
}
