import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { PageLoadError } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useReviewSheet } from '@client/features/reviews/reviews-api.ts';
import { errorText } from '@client/lib/api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';

// The review form, the response panel and the discussion are forms: the form libraries load after
// the page has painted, while the paper is asked for.
const CommitteeResponsePanel = lazy(async () => ({
  default: (await import('@client/features/author-responses/response-panels.tsx')).CommitteeResponsePanel,
}));
const ReviewForm = lazy(async () => ({
  default: (await import('@client/features/reviews/review-form.tsx')).ReviewForm,
}));
const ReviewDiscussion = lazy(async () => ({
  default: (await import('@client/features/reviews/review-discussion.tsx')).ReviewDiscussion,
}));

/** /reviews/{paperId}: one paper and its reviewer's review. */
export default function ReviewPage() {
  useDocumentTitle('Review', 'A committee member reviews a paper assigned to them.');
  const { paperId = '' } = useParams();
  return (
    <SignInGuard signedOut={{ notice: 'Please log in to review. Redirecting to the login page...' }}>
      {() => <ReviewContent paperId={paperId} />}
    </SignInGuard>
  );
}

function ReviewContent({ paperId }: { paperId: string }) {
  const sheet = useReviewSheet(paperId);
  return (
    <PageContainer className="min-h-screen py-8 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <Link to="/reviews" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          ← My reviews
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900 sm:text-3xl">Review</h1>
        <div className="mt-6">
          {/* The form takes its values once: from the sheet as the server has it now, not a cached copy. */}
          {sheet.isPending || (sheet.isFetching && !sheet.isFetchedAfterMount) ? (
            <Spinner label="Loading the paper..." fillsPage />
          ) : sheet.isError ? (
            <PageLoadError>{errorText(sheet.error, 'The paper could not be loaded. Please try again.')}</PageLoadError>
          ) : (
            <LoadBoundary fallback={<Spinner label="Loading the paper..." fillsPage />}>
              <div className="space-y-6">
                <CommitteeResponsePanel paperId={paperId} />
                <ReviewForm sheet={sheet.data} />
                <ReviewDiscussion paperId={paperId} />
              </div>
            </LoadBoundary>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
