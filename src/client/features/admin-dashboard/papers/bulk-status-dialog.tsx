import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PAPER_STATUS_LABELS, PAPER_STATUSES } from '@shared/constants.ts';
import { PLACEHOLDERS } from '@shared/domain/placeholders.ts';
import { ShareReviewsField } from '@client/components/share-reviews-field.tsx';
import { isDecided } from '@shared/domain/reviews.ts';
import { type BulkStatusForm, bulkStatusFormSchema, type BulkStatusResult } from '@shared/schemas/bulk-actions.ts';
import { ReviewCommentsField } from '@client/components/review-comments-field.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { useBulkStatusChange } from './bulk-status-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { SkippedPapersList } from '@client/components/skipped-papers-list.tsx';

/** Titles named in the confirmation before "and N more". */
const SAMPLE_SIZE = 5;

type Outcome = Omit<BulkStatusResult, 'success'>;
type Step =
  | { kind: 'confirm' }
  | { kind: 'running'; done: number }
  | { kind: 'finished'; outcome: Outcome }
  | { kind: 'failed'; message: string; done: number };

interface BulkStatusDialogProps {
  paperIds: readonly string[];
  /** Titles of selected papers the page has loaded, for the confirmation's sample. */
  sampleTitles: readonly string[];
  onClose: () => void;
  /** After the change ran through: the selection has served (kept after a failure, to run it again). */
  onFinished: () => void;
}

/**
 * "Change status" for a selection: the status and an optional comment with placeholders, a
 * confirmation naming how many papers and a sample of them, then progress by batch and a
 * summary listing every paper skipped with the reason.
 */
export function BulkStatusDialog({ paperIds, sampleTitles, onClose, onFinished }: BulkStatusDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<BulkStatusForm>({
    resolver: zodResolver(bulkStatusFormSchema),
    defaultValues: { review: '', shareReviews: false },
  });
  const chosenStatus = watch('status');
  const running = useRef(false);
  const bulkChange = useBulkStatusChange();
  const statusGroupId = useId();
  const total = paperIds.length;

  const start = handleSubmit(async (change) => {
    // A second click while the first is under way must not send the batches twice.
    if (running.current) return;
    running.current = true;
    setStep({ kind: 'running', done: 0 });
    let done = 0;
    try {
      const outcome = await bulkChange.mutateAsync({
        paperIds,
        change,
        onProgress: (count) => {
          done = count;
          setStep({ kind: 'running', done: count });
        },
      });
      setStep({ kind: 'finished', outcome });
      onFinished();
    } catch (error) {
      setStep({ kind: 'failed', message: errorText(error, 'The status change failed.'), done });
    }
  });

  const busy = step.kind === 'running';
  return (
    <ModalDialog title="Change status" onDismiss={busy ? undefined : onClose}>
      {step.kind === 'confirm' && (
        <form noValidate onSubmit={(event) => void start(event)} className="space-y-4">
          <div>
            <p className="font-semibold text-slate-900" data-testid="bulk-count">
              {formatCount(total)} {total === 1 ? 'paper' : 'papers'} selected
            </p>
            {sampleTitles.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-600" aria-label="Among them">
                {sampleTitles.slice(0, SAMPLE_SIZE).map((title, index) => (
                  <li key={index} className="truncate" title={title}>
                    {title}
                  </li>
                ))}
                {total > Math.min(SAMPLE_SIZE, sampleTitles.length) && (
                  <li className="list-none">
                    and {formatCount(total - Math.min(SAMPLE_SIZE, sampleTitles.length))} more
                  </li>
                )}
              </ul>
            )}
          </div>
          <fieldset aria-describedby={errors.status ? `${statusGroupId}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-700">New status</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {PAPER_STATUSES.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" value={value} {...register('status')} />
                  {PAPER_STATUS_LABELS[value]}
                </label>
              ))}
            </div>
            {errors.status && (
              <p id={`${statusGroupId}-error`} className="mt-1 text-sm text-red-700">
                {errors.status.message}
              </p>
            )}
          </fieldset>
          <ReviewCommentsField
            rows={4}
            hint={`Each author gets their own text: you can use ${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}. Left empty, each paper keeps the comments it has.`}
            error={errors.review?.message}
            {...register('review')}
          />
          {chosenStatus && isDecided(chosenStatus) && <ShareReviewsField {...register('shareReviews')} />}
          <p className="text-sm text-slate-600">
            Each author is notified as for a single decision (by e-mail too when the site has a mail server); every
            change is on the paper's timeline.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">
              Change status of {formatCount(total)} {total === 1 ? 'paper' : 'papers'}
            </Button>
          </div>
        </form>
      )}
      {step.kind === 'running' && <Progress done={step.done} total={total} />}
      {step.kind === 'finished' && <Summary outcome={step.outcome} onClose={onClose} />}
      {step.kind === 'failed' && (
        <div className="space-y-4">
          <Alert>
            {step.message} {formatCount(step.done)} of {formatCount(total)} papers were handled before it stopped, and
            some of the next batch may be done too. The selection is kept: run it again, and the papers already changed
            are skipped.
          </Alert>
          <div className="flex justify-end">
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  return (
    <div className="space-y-2">
      <progress value={done} max={total} className="h-2 w-full" aria-label="Papers done" />
      {/* Focus moves here as the form's buttons go, so it stays in the dialog. */}
      <p role="status" tabIndex={-1} autoFocus className="text-sm text-slate-700 outline-none">
        Changing the status: {formatCount(done)} of {formatCount(total)} done...
      </p>
    </div>
  );
}

function Summary({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { changed, held, skipped, byEmail } = outcome;
  return (
    <div className="space-y-4">
      <p role="status" className="font-semibold text-slate-900" data-testid="bulk-summary">
        {formatCount(changed.length)} changed, {formatCount(skipped.length)} skipped.
      </p>
      {held > 0 && (
        <p className="text-sm text-slate-700" data-testid="bulk-held">
          {formatCount(held)} decision{held === 1 ? ' is' : 's are'} held: the authors see nothing until you release{' '}
          {held === 1 ? 'it' : 'them'} (“Release decisions…”).
        </p>
      )}
      {!byEmail && changed.length > held && (
        <p className="text-sm text-slate-700" data-testid="bulk-site-only">
          No mail server is configured, so no e-mail was sent: the authors see the decisions in the site.
        </p>
      )}
      <SkippedPapersList papers={skipped} label="Skipped papers" />
      <div className="flex justify-end">
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </div>
  );
}
