import { useEffect } from 'react';
import { Link } from 'react-router';
import { useRefreshChatUnread } from '../chat/chat-api.ts';
import type { AuthorPaper } from '../../../shared/schemas/paper.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { PaperCard } from './paper-card.tsx';
import { useUserPapers } from './papers-api.ts';
import { statusBadgeClass, statusLabel } from './status-badge.tsx';

/** The profile's paper area: one "Your Papers" tab with a status summary and a card per paper. */
export function UserPapersPanel() {
  return (
    <section className="mt-8">
      <div role="tablist" aria-label="Profile sections" className="flex border-b border-slate-200">
        <button
          type="button"
          role="tab"
          id="tab-your-papers"
          aria-selected="true"
          aria-controls="panel-your-papers"
          className="-mb-px border-b-2 border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800"
        >
          Your Papers
        </button>
      </div>
      <div role="tabpanel" id="panel-your-papers" aria-labelledby="tab-your-papers" className="pt-6">
        <PapersContent />
      </div>
    </section>
  );
}

function PapersContent() {
  const papers = useUserPapers();
  const refreshUnread = useRefreshChatUnread();
  // The spec re-reads unread chat counts whenever the papers have loaded.
  useEffect(() => {
    if (papers.isSuccess) void refreshUnread();
  }, [papers.isSuccess, papers.dataUpdatedAt, refreshUnread]);

  if (papers.isPending) return <Spinner label="Loading your papers..." />;
  if (papers.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <h2 className="text-lg font-semibold text-red-800">Error Loading Papers</h2>
        <p className="mt-1 text-sm text-red-800">Failed to load your submitted papers. Please try again later.</p>
        <Button variant="danger" className="mt-4" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </div>
    );
  }
  if (papers.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 className="text-lg font-semibold text-slate-900">No papers submitted yet</h2>
        <p className="mt-1 text-sm text-slate-600">
          When you submit your extended abstract, you can follow its review here.{' '}
          <Link to="/submit" className="font-semibold text-brand-700 hover:underline">
            Submit your extended abstract or paper
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <StatusSummary papers={papers.data} />
      <div className="mt-6 space-y-6">
        {papers.data.map((paper) => (
          <PaperCard key={paper._id} paper={paper} />
        ))}
      </div>
    </>
  );
}

/** One chip per status that has papers, in the order the statuses first appear. */
function StatusSummary({ papers }: { papers: AuthorPaper[] }) {
  const counts = new Map<string, number>();
  for (const paper of papers) counts.set(paper.status, (counts.get(paper.status) ?? 0) + 1);
  return (
    <ul aria-label="Papers by status" className="flex flex-wrap gap-2">
      {[...counts].map(([status, count]) => (
        <li key={status} className={`rounded-full px-3 py-1 text-sm font-medium ${statusBadgeClass(status)}`}>
          {statusLabel(status)}: {count}
        </li>
      ))}
    </ul>
  );
}
