import { type FormEvent, useId, useState } from 'react';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin-paper.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { looksLikePdf } from '../../lib/pdf-file.ts';
import { PdfPicker } from '../../components/pdf-picker.tsx';
import { useUploadAdminFile } from './admin-papers-api.ts';

/** Spec 5 and 8: a PDF, an optional description and whether the author may see it (on by default). */
export function AdminFileUploadDialog({ paperId, onClose }: { paperId: string; onClose: () => void }) {
  const toast = useToast();
  const uploadFile = useUploadAdminFile(paperId);
  const visibleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [description, setDescription] = useState('');
  const [visibleToUser, setVisibleToUser] = useState(true);
  const [failure, setFailure] = useState<string>();

  const onFileChange = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && !looksLikePdf(chosen) ? ADMIN_MESSAGES.onlyPdf : undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(ADMIN_MESSAGES.noFile);
    if (!looksLikePdf(file)) return setFileError(ADMIN_MESSAGES.onlyPdf);
    setFailure(undefined);
    uploadFile.mutate(
      { file, description: description.trim(), visibleToUser },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? ADMIN_MESSAGES.fileUploaded);
          onClose();
        },
        onError: (error) =>
          setFailure(
            error instanceof ApiError && error.status === 0
              ? 'Network error. Please try again.'
              : errorText(error, 'Upload failed'),
          ),
      },
    );
  };

  const pending = uploadFile.isPending;
  return (
    <ModalDialog title="Upload File" onDismiss={pending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PdfPicker
          label="File (PDF)"
          hint="PDF only, at most 10 MB"
          file={file}
          onFileChange={onFileChange}
          error={fileError}
          disabled={pending}
        />
        <TextField
          label="Description (optional)"
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
          disabled={pending}
        />
        <div className="flex items-start gap-2">
          <input
            id={visibleId}
            type="checkbox"
            checked={visibleToUser}
            onChange={(event) => setVisibleToUser(event.target.checked)}
            disabled={pending}
            className="mt-1 h-4 w-4 accent-brand-700"
          />
          <label htmlFor={visibleId} className="text-sm text-slate-700">
            Visible to the author
            <span className="block text-xs text-slate-500">
              The author is notified and can open the file from their profile.
            </span>
          </label>
        </div>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
