import { forwardRef, type ComponentProps, useId } from 'react';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';

/**
 * "Share reviewers' comments with the author", offered with a decision (accepted or declined)
 * and off unless ticked. Takes a form's `register('shareReviews')`.
 */
export const ShareReviewsField = forwardRef<HTMLInputElement, Omit<ComponentProps<'input'>, 'type' | 'ref'>>(
  function ShareReviewsField(props, ref) {
    const hintId = useId();
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <label className="flex items-start gap-2 font-medium text-slate-800">
          <input ref={ref} type="checkbox" aria-describedby={hintId} className="mt-0.5 h-4 w-4 shrink-0" {...props} />
          {REVIEW_TEXTS.shareWithDecision}
        </label>
        <p id={hintId} className="mt-1 pl-6 text-slate-600">
          The committee’s comments to the authors, as Reviewer 1, Reviewer 2…; never a mark or a confidential comment.
        </p>
      </div>
    );
  },
);
