import { type FormEvent, useState } from 'react';
import type { StepDeadline } from '../../../shared/domain/deadlines.ts';
import { DeadlineGate } from '../../components/deadline-notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { useReuploadAbstract } from './papers-api.ts';
import { reuploadFileError } from '../../lib/pdf-file.ts';
import { PdfPicker } from '../../components/pdf-picker.tsx';

/**
 * An admin reset the abstract (its file path is gone): the author uploads a new one, by the
 * date the admin gave (`deadline`), or whenever without one (null).
 */
export function ReuploadForm({ paperId, deadline }: { paperId: string; deadline: StepDeadline | null }) {
  const toast = useToast();
  const reupload = useReuploadAbstract(paperId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const onFileChange = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? reuploadFileError(chosen) : undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = reuploadFileError(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    reupload.mutate(file, {
      onSuccess: () =>
        toast.success("Abstract re-uploaded successfully! Your paper status has been updated to 'Review Awaited'."),
      onError: (failure) => toast.error(errorText(failure, 'Failed to re-upload abstract. Please try again later.')),
    });
  };

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
          <PdfPicker
            label="New abstract PDF"
            hint="PDF only, less than 10 MB"
            file={file}
            onFileChange={onFileChange}
            error={error}
            disabled={reupload.isPending}
          />
          <Button type="submit" disabled={reupload.isPending}>
            {reupload.isPending ? 'Uploading...' : 'Upload New Abstract'}
          </Button>
        </form>
      </DeadlineGate>
    </section>
  );
}
