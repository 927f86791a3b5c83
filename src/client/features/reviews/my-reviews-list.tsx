import { Link } from 'react-router';
import { REVIEW_STATE_LABELS, type ReviewState } from '@shared/domain/assignment.ts';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import type { MyReviews } from '@shared/schemas/reviews.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

export const REVIEW_STATE_TONES: Record<ReviewState, BadgeTone> = {
  not_started: 'neutral',
  draft: 'progress',
  submitted: 'success',
};

/** "My reviews": the deadline, how far the member has got, and each paper with its state. */
export function MyReviewsList({ reviews: { deadline, reviews } }: { reviews: MyReviews }) {
  const submitted = reviews.filter((review) => review.state === 'submitted').length;
  const overdue = Date.now() > Date.parse(deadline) && submitted < reviews.length;
  return (
    <div className="space-y-5">
      <Alert tone="info">{overdue ? REVIEW_TEXTS.overdue(deadline) : REVIEW_TEXTS.due(deadline)}</Alert>
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          No paper has been assigned to you yet. The organisers will e-mail you when there is one.
        </p>
      ) : (
        <>
          <div>
            <p className="text-slate-700" data-testid="review-progress">
              You have submitted {formatCount(submitted)} of {formatCount(reviews.length)} reviews.
            </p>
            <progress
              className="mt-2 h-2 w-full overflow-hidden rounded-full accent-brand-700"
              max={reviews.length}
              value={submitted}
              aria-label="Reviews submitted"
            />
          </div>
          <ul className="space-y-3" aria-label="Papers to review">
            {reviews.map((review) => (
              <li
                key={review.paperId}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="review-card"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="min-w-0 font-semibold break-words text-slate-900">
                    <Link
                      to={`/reviews/${review.paperId}`}
                      className="text-brand-800 underline-offset-2 hover:underline"
                    >
                      {review.title}
                    </Link>
                  </h2>
                  <Badge tone={REVIEW_STATE_TONES[review.state]}>{REVIEW_STATE_LABELS[review.state]}</Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {review.theme}
                  {review.editable ? '' : ' · decided: the review can no longer be changed'}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
