import { Link } from 'react-router';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { PageLoadError } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { CommitteeListingPanel } from '@client/features/committee-listing/committee-listing-panel.tsx';
import { MyReviewsList } from '@client/features/reviews/my-reviews-list.tsx';
import { useMyReviews } from '@client/features/reviews/reviews-api.ts';
import { errorText } from '@client/lib/api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';

/** /reviews: a committee member's papers to review, with the deadline and their progress. */
export default function ReviewsPage() {
  useDocumentTitle('My reviews', 'Programme committee members review the papers assigned to them.');
  return (
    <SignInGuard signedOut={{ notice: 'Please log in to see your reviews. Redirecting to the login page...' }}>
      {() => <ReviewsContent />}
    </SignInGuard>
  );
}

function ReviewsContent() {
  const reviews = useMyReviews();
  return (
    <PageContainer className="min-h-screen py-8 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">My reviews</h1>
          <Link to="/bidding" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Bidding
          </Link>
        </div>
        <div className="mt-6">
          {reviews.isPending ? (
            <Spinner label="Loading your reviews..." fillsPage />
          ) : reviews.isError ? (
            <PageLoadError>
              {errorText(reviews.error, 'Your reviews could not be loaded. Please try again.')}
            </PageLoadError>
          ) : (
            <MyReviewsList reviews={reviews.data} />
          )}
        </div>
        <div className="mt-8">
          <CommitteeListingPanel />
        </div>
      </div>
    </PageContainer>
  );
}
