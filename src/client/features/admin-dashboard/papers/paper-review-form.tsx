import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { PAPER_STATUS_LABELS, PAPER_STATUSES } from '@shared/constants.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { statusBadgeClass } from '@client/components/status-badge.tsx';
import { ShareReviewsField } from '@client/components/share-reviews-field.tsx';
import { isDecided } from '@shared/domain/reviews.ts';
import { statusChangeFormSchema, statusSavedText, useSetPaperStatus } from '@client/admin/paper-status.ts';
import { ReviewCommentsField } from '@client/components/review-comments-field.tsx';
import { useDashboardMessages } from '../dashboard-messages.tsx';
import { knownStatus } from '../status-distribution.ts';

interface PaperReviewFormProps {
  paper: AdminPaper;
  /** Ids the panel so the Write Review button can say it controls it. */
  id: string;
  /** Closes the panel: after a save, or on Cancel (which drops the edits). */
  onClose: () => void;
}

/**
 * The Write Review panel of a paper in the list (spec 2.5). It starts from the paper's saved
 * status and comments each time it opens, so closing it throws the edits away.
 */
export function PaperReviewForm({ paper, id, onClose }: PaperReviewFormProps) {
  const { showSuccess, showError } = useDashboardMessages();
  const setStatus = useSetPaperStatus();
  const { register, handleSubmit, watch } = useForm({
    resolver: zodResolver(statusChangeFormSchema),
    // A held decision is what the organisers last said: the form starts from it, not from what the author sees.
    defaultValues: paper.heldDecision
      ? {
          status: knownStatus(paper.heldDecision.status),
          review: paper.heldDecision.review,
          shareReviews: paper.heldDecision.shareReviews,
        }
      : { status: knownStatus(paper.status), review: paper.review, shareReviews: false },
  });
  const chosenStatus = watch('status');
  const headingId = useId();

  const onSubmit = handleSubmit(({ status, review, shareReviews }) =>
    setStatus.mutate(
      { paperId: paper._id, status, review, version: paper.version, shareReviews },
      {
        onSuccess: (answer) => {
          showSuccess(statusSavedText(answer.paper, status, review));
          onClose();
        },
        onError: (error) => showError(`Failed to update paper status: ${error.message}`),
      },
    ),
  );

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      // Escape is Cancel, as in the site's dialogs; while saving the panel stays.
      onKeyDown={(event) => event.key === 'Escape' && !setStatus.isPending && onClose()}
      className="rounded-lg border border-brand-100 bg-brand-50/50 p-4"
      data-testid="review-panel"
    >
      <h4 id={headingId} className="font-semibold text-brand-900">
        Review: {paper.title}
      </h4>
      <form onSubmit={onSubmit} className="mt-3 space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Status</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PAPER_STATUSES.map((option) => (
              <label
                key={option}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold ${
                  option === chosenStatus
                    ? `${statusBadgeClass(option)} border-transparent ring-2 ring-brand-600`
                    : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                <input
                  type="radio"
                  value={option}
                  // The panel opens on the choice the admin is most likely to change.
                  autoFocus={option === chosenStatus}
                  className="h-4 w-4 accent-brand-700"
                  {...register('status')}
                />
                {PAPER_STATUS_LABELS[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <ReviewCommentsField rows={4} {...register('review')} />
        {isDecided(chosenStatus) && <ShareReviewsField {...register('shareReviews')} />}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={setStatus.isPending}>
            {setStatus.isPending ? 'Processing...' : 'Submit Review'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={setStatus.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
