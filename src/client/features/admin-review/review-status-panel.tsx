import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { PAPER_STATUSES } from '@shared/constants.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { useToast } from '@client/lib/toast.tsx';
import { statusBadgeClass, statusLabel } from '@client/components/status-badge.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { ReviewCommentsField } from '@client/components/review-comments-field.tsx';
import { ShareReviewsField } from '@client/components/share-reviews-field.tsx';
import { isDecided } from '@shared/domain/reviews.ts';
import { statusChangeFormSchema, statusSavedText, useSetPaperStatus } from '@client/admin/paper-status.ts';
import { HeldDecisionNote } from '@client/components/held-decision-badge.tsx';

/** Review & Status (spec 2.7): comments to the author and the paper's status, saved together. */
export function ReviewStatusPanel({ paper }: { paper: AdminPaper }) {
  const toast = useToast();
  const update = useSetPaperStatus();
  const { register, control, handleSubmit, watch } = useForm({
    resolver: zodResolver(statusChangeFormSchema),
    // A held decision is what the organisers last said: the form starts from it, not from what the author sees.
    defaultValues: paper.heldDecision
      ? {
          status: paper.heldDecision.status,
          review: paper.heldDecision.review,
          shareReviews: paper.heldDecision.shareReviews,
        }
      : { status: paper.status, review: paper.review, shareReviews: false },
  });

  const onSubmit = handleSubmit(({ status, review, shareReviews }) =>
    update.mutate(
      { paperId: paper._id, status, review, version: paper.version, shareReviews },
      {
        onSuccess: (answer) => toast.success(statusSavedText(answer.paper, status, review)),
        onError: (error) => toast.error(`Failed to update paper status: ${error.message}`),
      },
    ),
  );

  return (
    <Panel headingLevel={2} title="Review & Status">
      <form onSubmit={onSubmit} className="space-y-4">
        {paper.heldDecision && <HeldDecisionNote held={paper.heldDecision} current={paper.status} />}
        <ReviewCommentsField rows={5} {...register('review')} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Status</legend>
          {/* The spec counts six status buttons but names only five (spec 4); the unnamed sixth is not shown. */}
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                {PAPER_STATUSES.map((option) => {
                  const selected = option === field.value;
                  return (
                    <button
                      key={option}
                      type="button"
                      aria-pressed={selected}
                      onClick={() => field.onChange(option)}
                      className={`rounded-lg border px-3 py-2 text-left text-sm font-semibold transition-colors ${
                        selected
                          ? `${statusBadgeClass(option)} border-transparent ring-2 ring-brand-600`
                          : 'border-slate-200 text-slate-700 hover:bg-slate-50'
                      }`}
                    >
                      {statusLabel(option)}
                    </button>
                  );
                })}
              </div>
            )}
          />
        </fieldset>
        {isDecided(watch('status')) && <ShareReviewsField {...register('shareReviews')} />}
        <Button type="submit" className="w-full" disabled={update.isPending}>
          {update.isPending ? 'Processing...' : 'Update Review'}
        </Button>
      </form>
    </Panel>
  );
}
