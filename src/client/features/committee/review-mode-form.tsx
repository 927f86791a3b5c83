import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { REVIEW_MODE_LABELS, REVIEW_MODE_TEXTS, REVIEW_MODES, type ReviewMode } from '@shared/domain/review-mode.ts';
import { setReviewModeBodySchema } from '@shared/schemas/review-mode.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useReviewMode } from '@client/lib/review-mode-api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useSetReviewMode } from './committee-api.ts';

/** "Review mode": Single-blind or Double-blind, for every member at once. */
export function ReviewModeForm() {
  const mode = useReviewMode();
  if (mode.isPending) return <Spinner label="Loading the review mode..." />;
  if (mode.isError) return <Alert>{errorText(mode.error, 'Failed to load the review mode.')}</Alert>;
  return <ReviewModeChoice current={mode.data} />;
}

function ReviewModeChoice({ current }: { current: ReviewMode }) {
  const toast = useToast();
  const save = useSetReviewMode();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, watch } = useForm({
    resolver: zodResolver(setReviewModeBodySchema),
    defaultValues: { reviewMode: current },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const chosen = watch('reviewMode');
  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    save.mutate(values, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => setFailure(errorText(error, 'The review mode could not be saved. Please try again.')),
    });
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Review mode"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <fieldset>
        <legend className="font-semibold text-slate-900">Review mode</legend>
        <div className="mt-2 grid gap-2 md:grid-cols-2">
          {REVIEW_MODES.map((mode) => (
            <label
              key={mode}
              className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={mode} className="mt-0.5 size-4" {...register('reviewMode')} />
              <span>
                <span className="font-semibold text-slate-900">{REVIEW_MODE_LABELS[mode]}</span>
                <span className="mt-0.5 block text-slate-700">{REVIEW_MODE_TEXTS.descriptions[mode]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {failure && <Alert className="mt-3">{failure}</Alert>}
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="secondary" disabled={save.isPending || chosen === current}>
          {save.isPending ? 'Saving...' : 'Save review mode'}
        </Button>
      </div>
    </form>
  );
}
