import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { themeLabels } from '@shared/conference.ts';
import { COMMITTEE_LIMITS, INVITATION_VALID_DAYS } from '@shared/domain/committee.ts';
import { committeeInvitationBodySchema } from '@shared/schemas/committee.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TextAreaField, TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useInviteReviewer } from './committee-api.ts';

/** "Invite reviewer": who, for which themes, how many papers at most, and a personal note. */
export function InviteReviewerDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const invite = useInviteReviewer();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(committeeInvitationBodySchema),
    defaultValues: { name: '', email: '', affiliation: '', themes: [], maxPapers: 10, note: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    invite.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      onError: (error) => setFailure(errorText(error, 'The invitation could not be sent. Please try again.')),
    });
  });

  return (
    <ModalDialog title="Invite reviewer" onDismiss={onClose} size="wide">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Invite reviewer">
        <p className="text-sm text-slate-600">
          The reviewer gets an e-mail with a link to accept or decline, valid for {INVITATION_VALID_DAYS} days and
          usable once.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            autoFocus
            autoComplete="off"
            maxLength={COMMITTEE_LIMITS.name}
            error={errors.name?.message}
            readOnly={invite.isPending}
            {...register('name')}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            readOnly={invite.isPending}
            {...register('email')}
          />
        </div>
        <TextField
          label="Affiliation (optional)"
          autoComplete="off"
          maxLength={COMMITTEE_LIMITS.affiliation}
          hint="Their institution: papers by its authors are marked as conflicts."
          error={errors.affiliation?.message}
          readOnly={invite.isPending}
          {...register('affiliation')}
        />
        <fieldset aria-describedby={errors.themes ? 'invite-themes-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">Themes</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {themeLabels().map((theme) => (
              <label key={theme} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" value={theme} className="mt-0.5 size-4" {...register('themes')} />
                {theme}
              </label>
            ))}
          </div>
          {errors.themes && (
            <p id="invite-themes-error" className="mt-1 text-sm text-red-700">
              {errors.themes.message}
            </p>
          )}
        </fieldset>
        <div className="sm:max-w-48">
          <TextField
            label="Maximum papers"
            type="number"
            inputMode="numeric"
            min={1}
            max={COMMITTEE_LIMITS.maxPapers}
            error={errors.maxPapers?.message}
            readOnly={invite.isPending}
            {...register('maxPapers', { valueAsNumber: true })}
          />
        </div>
        <TextAreaField
          label="Personal note (optional)"
          rows={3}
          maxLength={COMMITTEE_LIMITS.note}
          error={errors.note?.message}
          readOnly={invite.isPending}
          {...register('note')}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          {/* Kept while sending: closing would hide the answer, whichever it is. */}
          <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
