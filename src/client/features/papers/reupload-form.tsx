import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { StepDeadline } from '@shared/domain/deadlines.ts';
import { DeadlineGate } from '@client/components/deadline-notice.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useReuploadAbstract } from './papers-api.ts';
import { type PdfFormFields, type PdfFormValues, pdfFormSchema, reuploadFileError } from '@client/lib/pdf-file.ts';
import { PdfPickerField } from '@client/components/pdf-picker.tsx';
import { ChosenFileCheck } from '@client/components/preflight/chosen-file-check.tsx';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';

const reuploadFormSchema = pdfFormSchema(reuploadFileError);

/**
 * An admin reset the abstract (its file path is gone): the author uploads a new one, by the
 * date the admin gave (`deadline`), or whenever without one (null).
 */
export function ReuploadForm({ paperId, deadline }: { paperId: string; deadline: StepDeadline | null }) {
  const toast = useToast();
  const reupload = useReuploadAbstract(paperId);
  const form = useForm<PdfFormFields, unknown, PdfFormValues>({
    resolver: zodResolver(reuploadFormSchema),
    defaultValues: { file: null },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });

  // Awaited, not told through mutate's callbacks: the refreshed paper (its abstract back) replaces
  // this form, and a callback of a form no longer shown is never called.
  const onSubmit = form.handleSubmit(async ({ file }) => {
    try {
      await reupload.mutateAsync(file);
    } catch (failure) {
      toast.error(errorText(failure, 'Failed to re-upload abstract. Please try again later.'));
      return;
    }
    toast.success("Abstract re-uploaded successfully! Your paper status has been updated to 'Review Awaited'.");
  });

  return (
    <section aria-labelledby={`reupload-${paperId}`} className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id={`reupload-${paperId}`} className="font-semibold text-amber-900">
        Please upload a new abstract
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        Your abstract was reset by the organizers. Upload a revised abstract PDF to send your paper back for review.
      </p>
      <DeadlineGate step="abstract" deadline={deadline} className="mt-3">
        <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
          <PdfPickerField
            form={form}
            name="file"
            label="New abstract PDF"
            hint="PDF only, less than 10 MB"
            disabled={reupload.isPending}
          />
          <ChosenFileCheck file={form.watch('file')} kind="abstract" />
          <Button type="submit" disabled={reupload.isPending}>
            {reupload.isPending ? 'Uploading...' : 'Upload New Abstract'}
          </Button>
        </form>
      </DeadlineGate>
    </section>
  );
}
