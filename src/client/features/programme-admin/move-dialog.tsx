import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PAPER_SESSION_KINDS, SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import type { ProgrammeDraft } from '@shared/schemas/programme.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { FormActions } from '@client/components/ui/form-actions.tsx';
import { SelectField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { conferenceClock, scheduleDays } from '@client/lib/programme-days.ts';
import { useProgrammeDialogSave } from './use-programme-dialog-save.ts';

const moveFormSchema = z.object({ sessionId: z.string().min(1, 'Choose a session.') });

/**
 * "Move to session…" (and "Place in session…" for a paper not in the programme yet): the
 * keyboard's way to do what dragging does. The paper goes to the end of the chosen session.
 */
export function MoveDialog({
  paper,
  programme,
  onClose,
}: {
  paper: { paperId: string; title: string; sessionId?: string };
  programme: ProgrammeDraft;
  onClose: () => void;
}) {
  const { save, failure, pending } = useProgrammeDialogSave(onClose, 'The paper could not be moved. Please try again.');
  const roomNames = new Map(programme.rooms.map((room) => [room._id, room.name]));
  const options = scheduleDays(programme).flatMap((day) =>
    day.sessions
      .filter((session) => PAPER_SESSION_KINDS.includes(session.kind) && session._id !== paper.sessionId)
      .map((session) => ({
        value: session._id,
        label: `${day.shortLabel} ${conferenceClock(session.startsAt)} · ${session.roomId ? roomNames.get(session.roomId) : 'No room'} · ${session.title} (${SESSION_KIND_LABELS[session.kind]})`,
      })),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(moveFormSchema),
    defaultValues: { sessionId: options[0]?.value ?? '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(({ sessionId }) => {
    save({ method: 'PUT', path: `/papers/${encodeURIComponent(paper.paperId)}`, body: { sessionId } });
  });
  const title = paper.sessionId ? 'Move to session' : 'Place in session';
  return (
    <ModalDialog title={title} onDismiss={onClose} size="wide">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <p className="text-sm text-slate-700">“{paper.title}” goes to the end of the session you choose.</p>
        {options.length === 0 ? (
          <Alert tone="info">Add an oral or poster session first.</Alert>
        ) : (
          <SelectField
            label="Session"
            autoFocus
            error={errors.sessionId?.message}
            options={options}
            {...register('sessionId')}
          />
        )}
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel={title}
          pendingLabel={'Moving...'}
          onCancel={onClose}
          submitDisabled={options.length === 0}
        />
      </form>
    </ModalDialog>
  );
}
