import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { ApiError, errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { looksLikePdf } from '@client/lib/pdf-file.ts';
import { PdfPicker } from '@client/components/pdf-picker.tsx';
import { useUploadAdminFile } from './admin-papers-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';

const adminFileFormSchema = z.object({
  /** `null` until one is chosen; the server judges the file's content again. */
  file: z
    .instanceof(File)
    .nullable()
    .pipe(z.instanceof(File, { error: ADMIN_MESSAGES.noFile }).refine(looksLikePdf, ADMIN_MESSAGES.onlyPdf)),
  description: z.string().trim(),
  visibleToUser: z.boolean(),
});

/** Spec 5 and 8: a PDF, an optional description and whether the author may see it (on by default). */
export function AdminFileUploadDialog({ paperId, onClose }: { paperId: string; onClose: () => void }) {
  const toast = useToast();
  const uploadFile = useUploadAdminFile(paperId);
  const visibleId = useId();
  const { register, control, handleSubmit, trigger, clearErrors } = useForm({
    resolver: zodResolver(adminFileFormSchema),
    defaultValues: { file: null, description: '', visibleToUser: true },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const [failure, setFailure] = useState<string>();

  const onSubmit = handleSubmit((body) => {
    setFailure(undefined);
    uploadFile.mutate(body, {
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
    });
  });

  const pending = uploadFile.isPending;
  return (
    <ModalDialog title="Upload File" onDismiss={pending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Controller
          control={control}
          name="file"
          render={({ field, fieldState }) => (
            <PdfPicker
              label="File (PDF)"
              hint="PDF only, at most 10 MB"
              file={field.value}
              onFileChange={(chosen) => {
                field.onChange(chosen);
                // A file that is no PDF is refused at once; removing one is no mistake yet.
                if (chosen) void trigger('file');
                else clearErrors('file');
              }}
              error={fieldState.error?.message}
              disabled={pending}
            />
          )}
        />
        <TextField label="Description (optional)" maxLength={500} disabled={pending} {...register('description')} />
        <div className="flex items-start gap-2">
          <input
            id={visibleId}
            type="checkbox"
            disabled={pending}
            className="mt-1 h-4 w-4 accent-brand-700"
            {...register('visibleToUser')}
          />
          <label htmlFor={visibleId} className="text-sm text-slate-700">
            Visible to the author
            <span className="block text-xs text-slate-500">
              The author is notified and can open the file from their profile.
            </span>
          </label>
        </div>
        {failure && <Alert>{failure}</Alert>}
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
