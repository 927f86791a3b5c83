import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PROGRAMME_LIMITS } from '@shared/domain/programme.ts';
import { talkBodySchema } from '@shared/schemas/programme.ts';
import { FormActions } from '@client/components/ui/form-actions.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useProgrammeDialogSave } from './use-programme-dialog-save.ts';

const talkFormSchema = talkBodySchema.pick({ minutes: true, board: true });

/** A talk's length (oral sessions) or a poster's board, where it is. */
export function TalkDialog({
  talk,
  onClose,
}: {
  talk: {
    paperId: string;
    title: string;
    sessionId: string;
    position: number;
    minutes: number;
    board: string;
    poster: boolean;
  };
  onClose: () => void;
}) {
  const { save, failure, pending } = useProgrammeDialogSave(
    onClose,
    'The change could not be saved. Please try again.',
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(talkFormSchema),
    defaultValues: { minutes: talk.minutes, board: talk.board },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((values) => {
    save({
      method: 'PUT',
      path: `/papers/${encodeURIComponent(talk.paperId)}`,
      body: {
        sessionId: talk.sessionId,
        position: talk.position,
        ...(talk.poster ? { board: values.board } : { minutes: values.minutes }),
      },
    });
  });
  const title = talk.poster ? 'Poster board' : 'Talk length';
  return (
    <ModalDialog title={title} onDismiss={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <p className="text-sm text-slate-700">“{talk.title}”</p>
        {talk.poster ? (
          <TextField
            label="Board"
            autoFocus
            autoComplete="off"
            maxLength={PROGRAMME_LIMITS.board}
            error={errors.board?.message}
            {...register('board')}
          />
        ) : (
          <TextField
            label="Length (minutes)"
            type="number"
            inputMode="numeric"
            autoFocus
            min={PROGRAMME_LIMITS.talkMinutes.min}
            max={PROGRAMME_LIMITS.talkMinutes.max}
            error={errors.minutes?.message}
            {...register('minutes', { valueAsNumber: true })}
          />
        )}
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel="Save"
          pendingLabel="Saving..."
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
