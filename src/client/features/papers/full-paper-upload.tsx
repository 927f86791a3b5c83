import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { TIMINGS } from '@shared/constants.ts';
import { PdfPickerField } from '@client/components/pdf-picker.tsx';
import { ChosenFileCheck } from '@client/components/preflight/chosen-file-check.tsx';
import { Button, ButtonLink } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { fullPaperFileError, type PdfFormFields, type PdfFormValues, pdfFormSchema } from '@client/lib/pdf-file.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useSubmitFullPaper } from './papers-api.ts';

const fullPaperFormSchema = pdfFormSchema(fullPaperFileError);

/**
 * The full paper's upload on its page (/submit-full-paper/:paperId): a lazy part of the page, so
 * the form libraries load after the paper's frame has painted. The submission is final.
 */
export function FullPaperUpload({ paperId }: { paperId: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const submitFullPaper = useSubmitFullPaper(paperId);
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
            The full paper submission is final: once submitted, it cannot be changed or replaced. Make sure it follows
            the{' '}
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
  );
}
