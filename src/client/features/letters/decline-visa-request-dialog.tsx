import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { VISA_LIMITS } from '@shared/domain/letters.ts';
import { visaDeclineBodySchema } from '@shared/schemas/letters.ts';
import { Button } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';

interface DeclineVisaRequestDialogProps {
  authorName: string;
  pending: boolean;
  failure: string | undefined;
  onCancel: () => void;
  onDecline: (note: string) => void;
}

/** Declining needs a note: the author reads it and may send a corrected request. */
export function DeclineVisaRequestDialog({
  authorName,
  pending,
  failure,
  onCancel,
  onDecline,
}: DeclineVisaRequestDialogProps) {
  const noteId = useId();
  const errorId = `${noteId}-error`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(visaDeclineBodySchema), defaultValues: { note: '' } });
  const problem = errors.note?.message ?? failure;
  return (
    <ModalDialog title="Decline visa letter request" onDismiss={pending ? undefined : onCancel}>
      <form onSubmit={handleSubmit(({ note }) => onDecline(note))} noValidate className="space-y-4">
        <p className="text-sm break-words text-slate-700">
          {authorName} is notified with your note and may send a corrected request.
        </p>
        <div>
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-700">
            Note to the author
          </label>
          <textarea
            id={noteId}
            autoFocus
            rows={4}
            maxLength={VISA_LIMITS.note}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            readOnly={pending}
            {...register('note')}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600"
          />
          {problem && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? 'Declining...' : 'Decline request'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
