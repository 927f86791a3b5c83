import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { themeLabels } from '@shared/conference.ts';
import { PROGRAMME_LIMITS, SESSION_KIND_LABELS, SESSION_KINDS } from '@shared/domain/programme.ts';
import type { ProgrammeDraft, ProgrammeSession } from '@shared/schemas/programme.ts';
import { FormActions } from '@client/components/ui/form-actions.tsx';
import { DateTimeField } from '@client/components/ui/date-time-field.tsx';
import { SelectField, TextAreaField, TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { fromConferenceInputValue, toConferenceInputValue } from '@shared/domain/conference-datetime.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useProgrammeDialogSave } from './use-programme-dialog-save.ts';

const conferenceTime = (label: string) =>
  z
    .string()
    .refine((value) => fromConferenceInputValue(value) !== null, `${label} is not a valid date and time.`)
    .transform((value) => fromConferenceInputValue(value)!);

/** The form as typed: times in the conference's zone, chairs one per line; the server checks the rest. */
const sessionFormSchema = z.object({
  title: z.string().trim().min(1, 'Please enter the session title.').max(PROGRAMME_LIMITS.sessionTitle),
  kind: z.enum(SESSION_KINDS, 'Choose the kind of session.'),
  theme: z.string(),
  roomId: z.string(),
  startsAt: conferenceTime('The start'),
  endsAt: conferenceTime('The end'),
  chairs: z.string().transform((text) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ),
});

/** "Add session" and a session's "Edit": what it is, where and when, and who chairs it. */
export function SessionDialog({
  session,
  rooms,
  defaultStart,
  onClose,
}: {
  session?: ProgrammeSession;
  rooms: ProgrammeDraft['rooms'];
  /** Where a new session starts: the conference's first morning. */
  defaultStart: string;
  onClose: () => void;
}) {
  const { save, failure, pending } = useProgrammeDialogSave(
    onClose,
    'The session could not be saved. Please try again.',
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(sessionFormSchema),
    defaultValues: {
      title: session?.title ?? '',
      kind: session?.kind ?? 'oral',
      theme: session?.theme ?? '',
      roomId: session?.roomId ?? rooms[0]?._id ?? '',
      startsAt: toConferenceInputValue(session?.startsAt ?? defaultStart),
      endsAt: toConferenceInputValue(session?.endsAt ?? new Date(Date.parse(defaultStart) + 90 * 60_000).toISOString()),
      chairs: session?.chairs.join('\n') ?? '',
    },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((values) => {
    const body = { ...values, theme: values.theme || null, roomId: values.roomId || null };
    save(
      session
        ? { method: 'PUT', path: `/sessions/${encodeURIComponent(session._id)}`, body }
        : { method: 'POST', path: '/sessions', body },
    );
  });
  const title = session ? 'Edit session' : 'Add session';
  return (
    <ModalDialog title={title} onDismiss={onClose} size="wide">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <TextField
          label="Session title"
          autoFocus
          autoComplete="off"
          maxLength={PROGRAMME_LIMITS.sessionTitle}
          error={errors.title?.message}
          {...register('title')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Kind"
            error={errors.kind?.message}
            options={SESSION_KINDS.map((kind) => ({ value: kind, label: SESSION_KIND_LABELS[kind] }))}
            {...register('kind')}
          />
          <SelectField
            label="Room"
            error={errors.roomId?.message}
            options={[
              ...rooms.map((room) => ({ value: room._id, label: room.name })),
              { value: '', label: 'No room (everyone)' },
            ]}
            {...register('roomId')}
          />
        </div>
        <SelectField
          label="Theme"
          options={[
            { value: '', label: 'No theme' },
            ...themeLabels().map((theme) => ({ value: theme, label: theme })),
          ]}
          {...register('theme')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateTimeField label="Starts" error={errors.startsAt?.message} {...register('startsAt')} />
          <DateTimeField label="Ends" error={errors.endsAt?.message} {...register('endsAt')} />
        </div>
        <TextAreaField label="Chairs (one per line)" rows={2} error={errors.chairs?.message} {...register('chairs')} />
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel={'Save session'}
          pendingLabel={'Saving...'}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
