import { type ReactNode, useEffect } from 'react';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { PaperCard, preloadPaperCardForms } from './paper-card.tsx';
import { useUserPapers } from './papers-api.ts';
import { statusBadgeClass, statusLabel } from '@client/components/status-badge.tsx';

/** The profile's paper area: a status summary and a card per paper, under one "Your Papers" heading. */
/**
 * `chatFor` gives each paper's chat button and `onLoaded` runs whenever the papers have loaded
 * (the spec re-reads the unread chat counts then): the page brings the chat feature in.
 */
export function UserPapersPanel({ chatFor, lettersFor, presentationFor, responseFor, onLoaded }: PapersContentProps) {
  return (
    <section aria-labelledby="your-papers-heading" className="mt-10">
      <h2 id="your-papers-heading" className="border-b border-slate-200 pb-3 text-xl font-bold text-brand-900">
        Your Papers
      </h2>
      <div className="pt-6">
        {/* The cards show once their forms' code is here too: one change from loading to loaded. */}
        <LoadBoundary fallback={<PapersLoading />}>
          <PapersContent
            chatFor={chatFor}
            lettersFor={lettersFor}
            presentationFor={presentationFor}
            responseFor={responseFor}
            onLoaded={onLoaded}
          />
        </LoadBoundary>
      </div>
    </section>
  );
}

interface PapersContentProps {
  chatFor: (paper: AuthorPaper) => ReactNode;
  lettersFor?: (paper: AuthorPaper) => ReactNode;
  /** Where the paper is presented, once a programme with it is published. */
  presentationFor?: (paper: AuthorPaper) => ReactNode;
  /** "Respond to the reviews", shown in place of the shared comments while a response is awaited. */
  responseFor?: (paper: AuthorPaper) => ReactNode;
  onLoaded: () => void;
}

const PapersLoading = () => <Spinner label="Loading your papers..." fillsPage />;

function PapersContent({ chatFor, lettersFor, presentationFor, responseFor, onLoaded }: PapersContentProps) {
  const papers = useUserPapers();
  useEffect(() => {
    if (papers.isSuccess) onLoaded();
  }, [papers.isSuccess, papers.dataUpdatedAt, onLoaded]);
  // After the first paint, beside the papers' request.
  useEffect(preloadPaperCardForms, []);

  if (papers.isPending) return <PapersLoading />;
  if (papers.isError) {
    return (
      // As tall as the spinner it replaces, so the footer stays where it was.
      <div className="min-h-screen">
        <Alert centred>
          <h3 className="text-lg font-semibold">Error Loading Papers</h3>
          <p className="mt-1 text-sm font-normal">Failed to load your submitted papers. Please try again later.</p>
          <Button variant="danger" className="mt-4" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </Alert>
      </div>
    );
  }
  if (papers.data.length === 0) {
    return (
      // As tall as the spinner it replaces, so the footer stays where it was (a new author's first visit).
      <div className="min-h-screen">
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h3 className="text-lg font-semibold text-slate-900">No papers submitted yet</h3>
          <p className="mt-1 text-sm text-pretty text-slate-600">
            When you submit your extended abstract, you can follow its review here.
          </p>
        </div>
      </div>
    );
  }
  return (
    <>
      <StatusSummary papers={papers.data} />
      <div className="mt-6 space-y-6">
        {papers.data.map((paper) => (
          <PaperCard
            key={paper._id}
            paper={paper}
            chat={chatFor(paper)}
            letters={lettersFor?.(paper)}
            presentation={presentationFor?.(paper)}
            response={responseFor?.(paper)}
          />
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
