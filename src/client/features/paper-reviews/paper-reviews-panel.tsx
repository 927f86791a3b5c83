import { REVIEW_STATE_LABELS } from '@shared/domain/assignment.ts';
import { COMMITTEE_MEMBER_STATUS_LABELS } from '@shared/domain/committee.ts';
import { CONFIDENCE_LABELS, type Confidence, DISAGREEMENT_SPREAD } from '@shared/domain/reviews.ts';
import type { PaperReviews } from '@shared/schemas/reviews.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { formatDateTime } from '@client/lib/dates.ts';
import { DiscussionThread } from '@client/components/discussion-thread.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { usePaperDiscussion, usePaperReviews, usePostAsOrganiser, useShareReviews } from './paper-reviews-api.ts';

/** The committee's reviews of a paper side by side, with the combined marks above them. */
export function PaperReviewsPanel({ paperId }: { paperId: string }) {
  const reviews = usePaperReviews(paperId);
  if (reviews.isPending) return <Spinner label="Loading the reviews..." />;
  if (reviews.isError) return <Alert>Failed to load the reviews. Please try again.</Alert>;
  const { summary } = reviews.data;
  return (
    <section aria-labelledby="paper-reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="paper-reviews-heading" className="text-lg font-semibold text-slate-900">
          Reviews
        </h3>
        {summary.submitted > 0 && <ShareWithAuthor paperId={paperId} shared={reviews.data.sharedWithAuthor} />}
      </div>
      {summary.assigned === 0 ? (
        <p className="rounded-lg border border-slate-200 p-4 text-slate-600">No reviews yet: assign reviewers first.</p>
      ) : (
        <>
          <Summary summary={summary} />
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Reviews">
            {reviews.data.reviews.map((review) => (
              <li key={review.memberId} className="rounded-lg border border-slate-200 p-4" data-testid="paper-review">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{review.name}</span>
                  <span className="text-sm text-slate-600">{review.label}</span>
                  <Badge tone={review.state === 'submitted' ? 'success' : 'neutral'}>
                    {REVIEW_STATE_LABELS[review.state]}
                  </Badge>
                  {review.memberStatus !== 'accepted' && (
                    <Badge tone="attention">{COMMITTEE_MEMBER_STATUS_LABELS[review.memberStatus]}</Badge>
                  )}
                </p>
                {review.state === 'submitted' ? (
                  <>
                    <p className="mt-2 text-slate-800">
                      <span className="text-2xl font-bold">{review.mark}</span>
                      <span className="text-sm text-slate-600">/100</span>
                      <span className="ml-3 text-sm text-slate-700">
                        Confidence {review.confidence} {CONFIDENCE_LABELS[review.confidence as Confidence]}
                      </span>
                    </p>
                    {review.earlierMarks.length > 0 && (
                      <ul className="mt-1 text-xs text-slate-600" data-testid="earlier-marks">
                        {review.earlierMarks.map((earlier) => (
                          <li key={earlier.replacedAt}>
                            Earlier mark {earlier.mark ?? '–'}/100 (confidence {earlier.confidence ?? '–'}), revised{' '}
                            {formatDateTime(earlier.replacedAt)}
                            {earlier.afterResponse ? ' after the author’s response' : ''}
                          </li>
                        ))}
                      </ul>
                    )}
                    <h4 className="mt-3 text-sm font-semibold text-slate-700">Comments to the authors</h4>
                    <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
                      {review.commentsToAuthors}
                    </p>
                    {review.confidentialComments && (
                      <>
                        <h4 className="mt-3 text-sm font-semibold text-slate-700">Confidential comments</h4>
                        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
                          {review.confidentialComments}
                        </p>
                      </>
                    )}
                    {review.submittedAt && (
                      <p className="mt-3 text-xs text-slate-500">Submitted {formatDateTime(review.submittedAt)}</p>
                    )}
                  </>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">Nothing to read until the review is submitted.</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: PaperReviews['summary'] }) {
  const figures = [
    { term: 'Reviews', value: `${summary.submitted}/${summary.assigned}` },
    { term: 'Mean mark', value: summary.mean ?? '–' },
    { term: 'Confidence-weighted', value: summary.weightedMean ?? '–' },
    { term: 'Spread', value: summary.spread ?? '–' },
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="review-summary">
        {figures.map((figure) => (
          <div key={figure.term} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{figure.term}</dt>
            <dd className="text-xl font-bold text-slate-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {summary.disagreement && (
        <p className="text-sm font-semibold text-amber-800">
          Disagreement: the marks are {summary.spread} apart ({DISAGREEMENT_SPREAD} or more). Worth a discussion before
          deciding.
        </p>
      )}
    </div>
  );
}

/** The paper's discussion among its reviewers and the organisers; authors never see it. */
export function PaperDiscussionPanel({ paperId }: { paperId: string }) {
  const discussion = usePaperDiscussion(paperId);
  const post = usePostAsOrganiser(paperId);
  return (
    <section aria-labelledby="paper-discussion-heading" className="space-y-3">
      <h3 id="paper-discussion-heading" className="text-lg font-semibold text-slate-900">
        Discussion
      </h3>
      <p className="text-sm text-slate-600">
        Among the paper’s reviewers (each reads it once their own review is submitted) and the organisers. Reviewers see
        each other as Reviewer 1, Reviewer 2; the authors never see it.
      </p>
      {discussion.isPending ? (
        <Spinner label="Loading the discussion..." />
      ) : discussion.isError ? (
        <Alert>Failed to load the discussion. Please try again.</Alert>
      ) : (
        <DiscussionThread messages={discussion.data.messages} onPost={post.mutateAsync} posting={post.isPending} />
      )}
    </section>
  );
}

/**
 * "Share reviewers' comments with the author" (off until chosen, and only once the paper is
 * decided): the author then reads each review's comments to the authors as Reviewer 1, 2…
 */
function ShareWithAuthor({ paperId, shared }: { paperId: string; shared: boolean }) {
  const toast = useToast();
  const share = useShareReviews(paperId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {shared && <Badge tone="success">Shared with the author</Badge>}
      <Button
        variant="secondary"
        disabled={share.isPending}
        onClick={() =>
          share.mutate(!shared, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: (error) => toast.error(errorText(error, 'That did not work. Please try again.')),
          })
        }
      >
        {shared ? 'Stop sharing' : 'Share reviewers’ comments with the author'}
      </Button>
    </div>
  );
}
