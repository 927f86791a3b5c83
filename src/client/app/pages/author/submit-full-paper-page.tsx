import { lazy, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { conferenceIdLabel } from '@shared/conference.ts';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { DeadlineGate } from '@client/components/deadline-notice.tsx';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card, CenteredCard } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePaper } from '@client/features/papers/papers-api.ts';
import { ApiError } from '@client/lib/api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';
import { PageLoadError } from '@client/components/ui/alert.tsx';

// The upload form (the form libraries) is fetched after the paper's frame has painted.
const FullPaperUpload = lazy(async () => ({
  default: (await import('@client/features/papers/full-paper-upload.tsx')).FullPaperUpload,
}));

export default function SubmitFullPaperPage() {
  useDocumentTitle('Submit Full Paper');
  const { paperId = '' } = useParams();
  return <SignInGuard signedOut="redirect">{() => <FullPaperLoader paperId={paperId} />}</SignInGuard>;
}

function FullPaperLoader({ paperId }: { paperId: string }) {
  const paper = usePaper(paperId);

  if (paper.isPending) return <Spinner label="Loading paper details..." fillsPage />;
  if (paper.isError) {
    if (paper.error instanceof ApiError && paper.error.status === 404) {
      return (
        <CenteredCard title="Paper Not Found">
          <p className="text-center text-slate-600">This paper does not exist or is not one of yours.</p>
          <ButtonLink to="/profile" className="mt-6 w-full">
            Return to Profile
          </ButtonLink>
        </CenteredCard>
      );
    }
    return <PageLoadError>Failed to load paper details. Please try again later.</PageLoadError>;
  }
  return <FullPaperForm paper={paper.data} />;
}

function FullPaperForm({ paper }: { paper: AuthorPaper }) {
  return (
    <PageContainer className="py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-balance text-brand-900 sm:text-3xl">Submit Full Paper</h1>
      {/* A form stays at a readable width inside the page width. */}
      <div className="mt-6 max-w-3xl space-y-6">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Paper information</h2>
          <dl className="mt-3 grid gap-4 text-sm sm:grid-cols-2">
            <Info term="Title" wide>
              {paper.title}
            </Info>
            <Info term={conferenceIdLabel()}>
              <span className="font-mono">{paper.ictacemId}</span>
            </Info>
            <Info term="Theme">{paper.theme}</Info>
            <Info term="Payment ID">
              <span className="font-mono">{paper.paymentId || 'Not provided'}</span>
            </Info>
          </dl>
        </Card>
        <DeadlineGate step="fullPaper" deadline={paper.deadlines.fullPaper}>
          <LoadBoundary fallback={<FullPaperUploadSkeleton />}>
            <FullPaperUpload paperId={paper._id} />
          </LoadBoundary>
        </DeadlineGate>
      </div>
    </PageContainer>
  );
}

/** The upload card's place while its code arrives, at about its height, so nothing below moves. */
function FullPaperUploadSkeleton() {
  return (
    <Card aria-busy="true">
      <Spinner label="Loading the upload form..." />
      <div className="h-64" />
    </Card>
  );
}

function Info({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
