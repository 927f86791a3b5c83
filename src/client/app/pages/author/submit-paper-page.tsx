import { lazy, useState } from 'react';
import { LIMITS } from '@shared/constants.ts';
import { PAPER_MESSAGES } from '@shared/domain/paper-messages.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card, CenteredCard } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { useSubmissionCount } from '@client/features/papers/papers-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AbstractSubmissionGate } from './abstract-submission-gate.tsx';
import { SignInGuard } from './sign-in-guard.tsx';

// The wizard's forms (the form libraries) load after the page has painted.
const PaperWizard = lazy(async () => ({
  default: (await import('@client/features/papers/wizard/paper-wizard.tsx')).PaperWizard,
}));

export default function SubmitPaperPage() {
  useDocumentTitle('Submit Paper');
  return (
    <SignInGuard signedOut={{ loginCard: 'Please login to submit your paper' }}>
      {(user) => <Submission user={user} />}
    </SignInGuard>
  );
}

function Submission({ user }: { user: PublicUser }) {
  const submissionCount = useSubmissionCount();
  const [submitted, setSubmitted] = useState(false);

  if (submissionCount.isPending) return <Spinner label="Checking your submissions..." fillsPage />;
  // A failed count lets the author try anyway: the server enforces the limit and says so.
  if (!submitted && (submissionCount.data ?? 0) >= LIMITS.papersPerUser) {
    return (
      <CenteredCard title="Submission Limit Reached">
        <p className="text-center text-slate-600">{PAPER_MESSAGES.limitReached}</p>
        <ButtonLink to="/profile" className="mt-6 w-full">
          View My Submissions
        </ButtonLink>
      </CenteredCard>
    );
  }
  return (
    <PageContainer className="py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-balance text-brand-900 sm:text-3xl">Submit Your Extended Abstract</h1>
      <p className="mt-2 text-pretty text-slate-600">
        Three short steps: the paper details, its authors, then the PDF.
      </p>
      {/* A form stays at a readable width inside the page width. */}
      <AbstractSubmissionGate className="mt-6 max-w-3xl" keepEntries>
        <Card className="mt-6 max-w-3xl">
          <LoadBoundary fallback={<Spinner label="Loading the form..." />}>
            <PaperWizard customUserId={user.customUserId} onSubmitted={() => setSubmitted(true)} />
          </LoadBoundary>
        </Card>
      </AbstractSubmissionGate>
      {submitted && (
        <ModalDialog title="Submission Successful!">
          <p className="text-slate-700">
            Your paper has been submitted. You can follow its review on your profile page.
          </p>
          <ButtonLink to="/profile" className="mt-6 w-full">
            View My Submissions
          </ButtonLink>
        </ModalDialog>
      )}
    </PageContainer>
  );
}
