import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminEvaluation } from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useSaveEvaluation } from './admin-papers-api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { evaluationFormSchema } from './evaluation-form.ts';
import { scoreBandClass } from '@client/admin/score-bands.ts';
import { Alert } from '@client/components/ui/alert.tsx';

/**
 * The Admin Evaluation Panel (spec 2.8): marks and confidential comments, seen only by admins.
 * The committee's confidence-weighted mean, when there is one, prefills an empty mark.
 */
export function EvaluationEditor({
  paperId,
  evaluation,
  suggestedMarks = null,
}: {
  paperId: string;
  evaluation: AdminEvaluation;
  suggestedMarks?: number | null;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="evaluation-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="evaluation-heading" className="text-lg font-bold text-brand-900">
            Admin Evaluation Panel
          </h2>
          <p className="text-sm text-slate-600">Confidential: visible to administrators only, never to the author.</p>
        </div>
        {!editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Evaluation
          </Button>
        )}
      </div>
      {editing ? (
        <EvaluationForm
          paperId={paperId}
          evaluation={evaluation}
          suggestedMarks={suggestedMarks}
          onDone={() => setEditing(false)}
        />
      ) : (
        <EvaluationView evaluation={evaluation} />
      )}
      <ReviewerLine evaluation={evaluation} />
    </section>
  );
}

function EvaluationView({ evaluation }: { evaluation: AdminEvaluation }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
      <div>
        <dt className="text-sm font-medium text-slate-500">Marks</dt>
        <dd className="mt-1" data-testid="evaluation-marks">
          {evaluation.marks === null ? (
            <span className="text-slate-600">Not scored</span>
          ) : (
            <span
              className={`inline-flex items-baseline rounded-lg px-3 py-1.5 text-2xl font-bold ring-1 ${scoreBandClass(evaluation.marks)}`}
            >
              {evaluation.marks}
              <span className="text-sm font-semibold">/100</span>
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-500">Confidential comments</dt>
        <dd className="mt-1 break-words whitespace-pre-line text-slate-800" data-testid="evaluation-comments">
          {evaluation.confidentialComments.trim() || (
            <span className="text-slate-500">No confidential comments yet.</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

function ReviewerLine({ evaluation }: { evaluation: AdminEvaluation }) {
  const { reviewedBy, reviewedAt } = evaluation;
  return (
    <p className="border-t border-slate-100 pt-3 text-xs text-slate-500" data-testid="evaluation-reviewer">
      {reviewedBy ? (
        <>
          Reviewed by <span className="font-semibold text-slate-700">{reviewedBy.username}</span> ·{' '}
          {reviewedAt ? formatDateTime(reviewedAt) : 'Not reviewed'}
        </>
      ) : (
        'Not reviewed'
      )}
    </p>
  );
}

function EvaluationForm({
  paperId,
  evaluation,
  suggestedMarks,
  onDone,
}: {
  paperId: string;
  evaluation: AdminEvaluation;
  suggestedMarks: number | null;
  onDone: () => void;
}) {
  const prefilled = evaluation.marks === null && suggestedMarks !== null;
  const toast = useToast();
  const save = useSaveEvaluation(paperId);
  const marksId = useId();
  const commentsId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(evaluationFormSchema(evaluation.marks)),
    defaultValues: {
      marks:
        evaluation.marks !== null ? String(evaluation.marks) : prefilled ? String(Math.round(suggestedMarks!)) : '',
      marksUnreadable: false,
      clearMarks: false,
      confidentialComments: evaluation.confidentialComments,
    },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const { ref: registerMarksInput, ...marksField } = register('marks');
  // Read at submit: typing "e" or "-" leaves the value '' and fires no change event.
  const marksInput = useRef<HTMLInputElement>(null);
  const clearMarks = watch('clearMarks');
  const marksError = errors.marks?.message;
  const [saveError, setSaveError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    setValue('marksUnreadable', marksInput.current?.validity.badInput ?? false);
    return handleSubmit((body) => {
      setSaveError(undefined);
      save.mutate(body, {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Evaluation saved.');
          onDone();
        },
        onError: (error) => setSaveError(errorText(error, 'Failed to save evaluation. Please try again.')),
      });
    })(event);
  };

  const fieldClass =
    'block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor={marksId} className="mb-1 block text-sm font-medium text-slate-700">
          Marks (0-100)
        </label>
        <input
          id={marksId}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          autoFocus
          disabled={clearMarks}
          ref={(input) => {
            registerMarksInput(input);
            marksInput.current = input;
          }}
          {...marksField}
          aria-invalid={marksError ? true : undefined}
          aria-describedby={marksError ? `${marksId}-error` : `${marksId}-hint`}
          className={fieldClass}
        />
        {marksError ? (
          <p id={`${marksId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {marksError}
          </p>
        ) : (
          <p id={`${marksId}-hint`} className="mt-1 text-xs text-slate-500">
            {prefilled
              ? `Prefilled with the committee’s confidence-weighted mean (${suggestedMarks}); change it as you see fit.`
              : evaluation.marks === null
                ? 'Leave empty for no score.'
                : 'A whole number from 0 to 100.'}
          </p>
        )}
        {evaluation.marks !== null && (
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4" {...register('clearMarks')} />
            Clear marks (remove the saved score of {evaluation.marks})
          </label>
        )}
      </div>
      <div>
        <label htmlFor={commentsId} className="mb-1 block text-sm font-medium text-slate-700">
          Confidential comments
        </label>
        <textarea id={commentsId} rows={5} className={fieldClass} {...register('confidentialComments')} />
      </div>
      {saveError && <Alert>{saveError}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Evaluation'}
        </Button>
      </div>
    </form>
  );
}
