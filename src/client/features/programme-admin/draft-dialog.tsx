import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_SESSION_SLOTS, DEFAULT_TALK_MINUTES, PROGRAMME_LIMITS } from '@shared/domain/programme.ts';
import { draftFromPapersBodySchema } from '@shared/schemas/programme.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { FormActions } from '@client/components/ui/form-actions.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useEditProgramme } from './programme-api.ts';

const draftFormSchema = draftFromPapersBodySchema.pick({ talkMinutes: true });

/** "Draft from accepted papers": the talks' length; then what the draft did, in its own words. */
export function DraftDialog({ onClose }: { onClose: () => void }) {
  const edit = useEditProgramme();
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<{ message: string; summary: string[] }>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(draftFormSchema),
    defaultValues: { talkMinutes: DEFAULT_TALK_MINUTES },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    edit.mutate(
      { method: 'POST', path: '/draft', body: values },
      {
        onSuccess: (answer) =>
          setResult({ message: answer.message, summary: 'summary' in answer ? answer.summary : [] }),
        onError: (error) => setFailure(errorText(error, 'The draft could not be made. Please try again.')),
      },
    );
  });
  return (
    <ModalDialog title="Draft from accepted papers" onDismiss={onClose} size="wide">
      {result ? (
        <div className="space-y-4">
          <Alert tone="success">{result.message}</Alert>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {result.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="flex justify-end">
            <Button autoFocus onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Draft from accepted papers">
          <p className="text-sm text-slate-700">
            The accepted papers not yet in the programme are grouped by theme into oral sessions in the rooms’ free
            slots ({DEFAULT_SESSION_SLOTS.map(([start, end]) => `${start}–${end}`).join(', ')} each day), posters into a
            poster session, with no presenting author in two sessions at once. Nothing already placed moves.
          </p>
          <div className="sm:max-w-48">
            <TextField
              label="Talk length (minutes)"
              type="number"
              inputMode="numeric"
              autoFocus
              min={PROGRAMME_LIMITS.talkMinutes.min}
              max={PROGRAMME_LIMITS.talkMinutes.max}
              error={errors.talkMinutes?.message}
              {...register('talkMinutes', { valueAsNumber: true })}
            />
          </div>
          <FormActions
            failure={failure}
            pending={edit.isPending}
            submitLabel={'Draft'}
            pendingLabel={'Drafting...'}
            onCancel={onClose}
          />
        </form>
      )}
    </ModalDialog>
  );
}
