import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PROGRAMME_LIMITS } from '@shared/domain/programme.ts';
import { roomBodySchema } from '@shared/schemas/programme.ts';
import { FormActions } from '@client/components/ui/form-actions.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useProgrammeDialogSave } from './use-programme-dialog-save.ts';

const roomFormSchema = roomBodySchema.omit({ version: true });

/** "Add room" and a room's "Edit": its name and seats. */
export function RoomDialog({
  room,
  onClose,
}: {
  room?: { _id: string; name: string; capacity: number };
  onClose: () => void;
}) {
  const { save, failure, pending } = useProgrammeDialogSave(onClose, 'The room could not be saved. Please try again.');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(roomFormSchema),
    defaultValues: { name: room?.name ?? '', capacity: room?.capacity ?? 100 },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((values) => {
    save(
      room
        ? { method: 'PUT', path: `/rooms/${encodeURIComponent(room._id)}`, body: values }
        : { method: 'POST', path: '/rooms', body: values },
    );
  });
  const title = room ? 'Edit room' : 'Add room';
  return (
    <ModalDialog title={title} onDismiss={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <TextField
          label="Room name"
          autoFocus
          autoComplete="off"
          maxLength={PROGRAMME_LIMITS.roomName}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={PROGRAMME_LIMITS.roomCapacity.min}
          max={PROGRAMME_LIMITS.roomCapacity.max}
          error={errors.capacity?.message}
          {...register('capacity', { valueAsNumber: true })}
        />
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel={'Save room'}
          pendingLabel={'Saving...'}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
