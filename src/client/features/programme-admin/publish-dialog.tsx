import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ProgrammeChange, ProgrammeDraft } from '@shared/schemas/programme.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { FormActions } from '@client/components/ui/form-actions.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { usePublishProgramme } from './programme-api.ts';
import { programmePlaceText } from './programme-change-text.ts';

const publishFormSchema = z.object({ confirmWarnings: z.boolean() });

const CHANGE_LABELS: Record<ProgrammeChange['kind'], string> = { added: 'Added', removed: 'Removed', moved: 'Moved' };

/**
 * "Publish": the warnings first, to be confirmed when there are any; then the new version's
 * changes against the previous one (each author whose talk is new or moved is e-mailed).
 */
export function PublishDialog({ programme, onClose }: { programme: ProgrammeDraft; onClose: () => void }) {
  const publish = usePublishProgramme();
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<{ message: string; changes: ProgrammeChange[] }>();
  const warnings = programme.warnings;
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(publishFormSchema),
    defaultValues: { confirmWarnings: false },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const confirmed = useWatch({ control, name: 'confirmWarnings' });
  const onSubmit = handleSubmit(({ confirmWarnings }) => {
    setFailure(undefined);
    publish.mutate(confirmWarnings, {
      onSuccess: (answer) => setResult({ message: answer.message, changes: answer.changes }),
      onError: (error) => setFailure(errorText(error, 'The programme could not be published. Please try again.')),
    });
  });
  const next = (programme.published ?? 0) + 1;
  return (
    <ModalDialog title={result ? 'Programme published' : `Publish version ${next}`} onDismiss={onClose} size="wide">
      {result ? (
        <div className="space-y-4">
          <Alert tone="success">{result.message}</Alert>
          {result.changes.length > 0 && (
            <ul className="max-h-80 space-y-2 overflow-y-auto text-sm" aria-label="Changes">
              {result.changes.map((change) => (
                <li key={change.paperId} className="rounded-md border border-slate-200 p-2">
                  <span className="font-semibold">{CHANGE_LABELS[change.kind]}:</span> {change.title}
                  {change.before && (
                    <span className="block text-slate-600">Was: {programmePlaceText(change.before)}</span>
                  )}
                  {change.after && (
                    <span className="block text-slate-600">Now: {programmePlaceText(change.after)}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end">
            <Button autoFocus onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Publish version ${next}`}>
          <p className="text-sm text-slate-700">
            The Event Schedule and the calendar feeds show the new version at once. Each author whose presentation is
            new or has moved gets an e-mail with its day, time and room.
          </p>
          {warnings.length > 0 && (
            <>
              <Alert tone="info">
                The programme has {warnings.length} warning{warnings.length === 1 ? '' : 's'}:
              </Alert>
              <ul
                className="max-h-60 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-slate-800"
                aria-label="Warnings"
              >
                {warnings.map((warning, index) => (
                  <li key={index}>{warning.message}</li>
                ))}
              </ul>
              <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
                <input type="checkbox" className="mt-0.5 size-4" {...register('confirmWarnings')} />I have read the
                warnings; publish anyway.
              </label>
            </>
          )}
          <FormActions
            failure={failure}
            pending={publish.isPending}
            submitLabel={'Publish'}
            pendingLabel={'Publishing...'}
            onCancel={onClose}
            submitDisabled={warnings.length > 0 && !confirmed}
          />
        </form>
      )}
    </ModalDialog>
  );
}
