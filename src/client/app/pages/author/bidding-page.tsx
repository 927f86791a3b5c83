import { PageContainer } from '@client/components/ui/page-container.tsx';
import { PageLoadError } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useBidding } from '@client/features/bidding/bidding-api.ts';
import { BiddingList } from '@client/features/bidding/bidding-list.tsx';
import { errorText } from '@client/lib/api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';

/** /bidding: a committee member says which papers they would like to review. */
export default function BiddingPage() {
  useDocumentTitle('Bidding', 'Programme committee members bid on the papers they would like to review.');
  return (
    <SignInGuard signedOut={{ notice: 'Please log in to bid on papers. Redirecting to the login page...' }}>
      {() => <BiddingContent />}
    </SignInGuard>
  );
}

function BiddingContent() {
  const bidding = useBidding();
  return (
    <PageContainer className="min-h-screen py-8 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Bidding</h1>
        <p className="mt-2 max-w-prose text-slate-700">
          Tell the organisers which papers you would like to review: <strong>Eager</strong>, <strong>Willing</strong> or{' '}
          <strong>Not my area</strong>. Mark <strong>Conflict</strong> for any paper you should not review (your own
          students, close collaborators): it will never be assigned to you. Papers you are already known to be in
          conflict with are not listed. Each choice is saved at once.
        </p>
        <div className="mt-6">
          {bidding.isPending ? (
            <Spinner label="Loading the papers..." fillsPage />
          ) : bidding.isError ? (
            <PageLoadError>
              {errorText(bidding.error, 'The papers could not be loaded. Please try again.')}
            </PageLoadError>
          ) : (
            <BiddingList bidding={bidding.data} />
          )}
        </div>
      </div>
    </PageContainer>
  );
}
