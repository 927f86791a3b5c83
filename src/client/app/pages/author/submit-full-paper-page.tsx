import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { TIMINGS } from '@shared/constants.ts';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { DeadlineGate } from '@client/components/deadline-notice.tsx';
import { Button, ButtonLink } from '@client/components/ui/button.tsx';
import { Card, CenteredCard } from '@client/components/ui/card.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePaper, useSubmitFullPaper } from '@client/features/papers/papers-api.ts';
import { fullPaperFileError, type PdfFormFields, type PdfFormValues, pdfFormSchema } from '@client/lib/pdf-file.ts';
import { PdfPickerField } from '@client/components/pdf-picker.tsx';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { ApiError, errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { ChosenFileCheck } from '@client/components/preflight/chosen-file-check.tsx';
import { SignInGuard } from './sign-in-guard.tsx';
import { PageLoadError } from '@client/components/ui/alert.tsx';

const fullPaperFormSchema = pdfFormSchema(fullPaperFileError);

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
  const toast = useToast();
  const navigate = useNavigate();
  const submitFullPaper = useSubmitFullPaper(paper._id);
  const form = useForm<PdfFormFields, unknown, PdfFormValues>({
    resolver: zodResolver(fullPaperFormSchema),
    defaultValues: { file: null },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate('/profile'), TIMINGS.fullPaperRedirectMs);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);

  const onSubmit = form.handleSubmit(({ file }) =>
    submitFullPaper.mutate(file, {
      onSuccess: () => {
        toast.success('Full paper submitted successfully!');
        setRedirecting(true);
      },
      onError: (failure) => toast.error(errorText(failure, 'Failed to submit full paper. Please try again.')),
    }),
  );

  const busy = submitFullPaper.isPending || redirecting;
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
            <Info term="ICTACEM ID">
              <span className="font-mono">{paper.ictacemId}</span>
            </Info>
            <Info term="Theme">{paper.theme}</Info>
            <Info term="Payment ID">
              <span className="font-mono">{paper.paymentId || 'Not provided'}</span>
            </Info>
          </dl>
        </Card>
        <DeadlineGate step="fullPaper" deadline={paper.deadlines.fullPaper}>
          <Card>
            <form onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-5">
              <PdfPickerField
                form={form}
                name="file"
                label="Full-length paper (PDF)"
                hint="PDF only, at most 10 MB"
                disabled={busy}
              />
              <ChosenFileCheck file={form.watch('file')} kind="full_paper" />
              <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
                <p className="font-semibold">Please check your file before submitting.</p>
                <p className="mt-1">
                  The full paper submission is final: once submitted, it cannot be changed or replaced. Make sure it
                  follows the{' '}
                  <Link to="/full-length-paper-format" className="font-semibold underline">
                    Full-Length Paper Format
                  </Link>
                  .
                </p>
              </div>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <ButtonLink to="/profile" variant="secondary">
                  Cancel
                </ButtonLink>
                <Button type="submit" disabled={busy}>
                  {submitFullPaper.isPending ? 'Submitting...' : 'Submit Full Paper'}
                </Button>
              </div>
            </form>
          </Card>
        </DeadlineGate>
      </div>
    </PageContainer>
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
