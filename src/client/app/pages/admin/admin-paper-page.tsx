import { PaperPreflightPanel } from '@client/features/preflight/paper-preflight-panel.tsx';
import { lazy, useState } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { type TabItem, TabList, TabPanel } from '@client/components/ui/tabs.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { type AdminPaperDetails, isNotFound } from '@client/admin/admin-paper.ts';
import { useAdminPaper } from '@client/features/admin-review/admin-papers-api.ts';
import { usePaperReviews } from '@client/features/paper-reviews/paper-reviews-api.ts';
import type { AdminEvaluation } from '@shared/schemas/admin-paper.ts';
import { AuthorsTab, CommunicatingAuthorTab, PaperDetailsTab } from '@client/features/admin-review/paper-info-tabs.tsx';
import { PaperReviewHeader } from '@client/features/admin-review/paper-review-header.tsx';
import { ChatButton } from '@client/features/chat/chat-button.tsx';
import { PaperTimeline } from '@client/features/admin-review/paper-timeline.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';
import { PageLoadError } from '@client/components/ui/alert.tsx';

const LOADING = 'Loading paper details...';

// The actions' column and the evaluation carry the form libraries: fetched once the paper shows.
const ReviewActions = lazy(() => import('./paper-review-actions.tsx'));
const EvaluationEditor = lazy(() =>
  import('@client/features/admin-review/evaluation-editor.tsx').then((m) => ({ default: m.EvaluationEditor })),
);

// The committee's tab is opened on few visits: its code is fetched when it is.
const PaperReviewers = lazy(() =>
  import('@client/features/assignment/paper-reviewers.tsx').then((m) => ({ default: m.PaperReviewers })),
);
const OrganiserResponsesPanel = lazy(() =>
  import('@client/features/author-responses/response-panels.tsx').then((m) => ({
    default: m.OrganiserResponsesPanel,
  })),
);
const PaperReviewsPanel = lazy(() =>
  import('@client/features/paper-reviews/paper-reviews-panel.tsx').then((m) => ({ default: m.PaperReviewsPanel })),
);
const PaperDiscussionPanel = lazy(() =>
  import('@client/features/paper-reviews/paper-reviews-panel.tsx').then((m) => ({ default: m.PaperDiscussionPanel })),
);
const PaperConflicts = lazy(() =>
  import('@client/features/conflicts/paper-conflicts.tsx').then((m) => ({ default: m.PaperConflicts })),
);

/** /admin/paper/{paperId}: one paper's review, evaluation, resets, deadlines, files, history and chat (spec 2.7). */
export default function AdminPaperPage() {
  useDocumentTitle('Paper Review');
  const { paperId = '' } = useParams();
  return (
    <AdminGuard whenDenied="redirect" loadingLabel={LOADING}>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          <PaperReview paperId={paperId} />
        </>
      )}
    </AdminGuard>
  );
}

function PaperReview({ paperId }: { paperId: string }) {
  const details = useAdminPaper(paperId);
  if (details.isPending) return <Spinner label={LOADING} fillsPage />;
  if (details.isError) {
    if (isNotFound(details.error)) {
      return (
        <CenteredCard title="Paper Not Found">
          <p className="text-center text-slate-600">The requested paper could not be found in our database.</p>
          <ButtonLink to="/admin" className="mt-6 w-full">
            Back to Dashboard
          </ButtonLink>
        </CenteredCard>
      );
    }
    return <PageLoadError>Failed to load paper details</PageLoadError>;
  }
  return <PaperReviewLayout details={details.data} />;
}

type PaperTab = 'details' | 'authors' | 'communicating' | 'evaluation' | 'committee' | 'timeline';
const PAPER_TABS: TabItem<PaperTab>[] = [
  { key: 'details', label: 'Paper Details' },
  { key: 'authors', label: 'Authors' },
  { key: 'communicating', label: 'Communicating Author' },
  { key: 'evaluation', label: 'Confidential Notes and Marks' },
  { key: 'committee', label: 'Committee' },
  { key: 'timeline', label: 'Timeline' },
];

function PaperReviewLayout({ details: { paper, user } }: { details: AdminPaperDetails }) {
  const [tab, setTab] = useState<PaperTab>('details');
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0 space-y-6">
        <PaperReviewHeader
          paper={paper}
          chat={<ChatButton paperId={paper._id} paperTitle={paper.title} label="Chat with Author" variant="primary" />}
        />
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <TabList tabs={PAPER_TABS} selected={tab} onSelect={setTab} label="Paper information" idPrefix="paper" />
          <TabPanel idPrefix="paper" tabKey={tab} className="mt-5">
            {tab === 'details' && (
              <>
                <PaperDetailsTab paper={paper} />
                <PaperPreflightPanel paperId={paper._id} />
              </>
            )}
            {tab === 'authors' && <AuthorsTab authors={paper.authors} />}
            {tab === 'communicating' && <CommunicatingAuthorTab user={user} />}
            {tab === 'evaluation' && (
              <LoadBoundary fallback={<Spinner label="Loading the evaluation..." />}>
                <CommitteeEvaluation paperId={paper._id} evaluation={paper.adminEvaluation} />
              </LoadBoundary>
            )}
            {tab === 'committee' && (
              <LoadBoundary fallback={<Spinner label="Loading the committee..." />}>
                <div className="space-y-8">
                  <PaperReviewers paperId={paper._id} paperTitle={paper.title} />
                  <PaperReviewsPanel paperId={paper._id} />
                  <OrganiserResponsesPanel paperId={paper._id} />
                  <PaperDiscussionPanel paperId={paper._id} />
                  <PaperConflicts paperId={paper._id} />
                </div>
              </LoadBoundary>
            )}
            {tab === 'timeline' && <PaperTimeline paperId={paper._id} />}
          </TabPanel>
        </div>
      </div>
      <aside className="min-w-0 space-y-6" aria-label="Review actions">
        <LoadBoundary fallback={<Spinner label="Loading the review actions..." />}>
          <ReviewActions paper={paper} />
        </LoadBoundary>
      </aside>
    </div>
  );
}

/** The organiser's evaluation, its empty mark prefilled with the committee's weighted mean once there is one. */
function CommitteeEvaluation({ paperId, evaluation }: { paperId: string; evaluation: AdminEvaluation }) {
  const reviews = usePaperReviews(paperId);
  return (
    <EvaluationEditor
      paperId={paperId}
      evaluation={evaluation}
      suggestedMarks={reviews.data?.summary.weightedMean ?? null}
    />
  );
}
