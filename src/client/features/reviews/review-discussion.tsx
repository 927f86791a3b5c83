import { DISCUSSION_TEXTS } from '@shared/domain/discussion.ts';
import { CONFIDENCE_LABELS, type Confidence } from '@shared/domain/reviews.ts';
import { DiscussionThread } from '@client/components/discussion-thread.tsx';
import { Alert } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePostToDiscussion, useReviewDiscussion } from './reviews-api.ts';

/** Below the member's review: once it is submitted, the other reviews and the discussion. */
export function ReviewDiscussion({ paperId }: { paperId: string }) {
  const discussion = useReviewDiscussion(paperId);
  const post = usePostToDiscussion(paperId);
  return (
    <section
      aria-labelledby="review-discussion-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="review-discussion-heading" className="text-lg font-semibold text-slate-900">
        Other reviews and discussion
      </h2>
      {discussion.isPending ? (
        <Spinner label="Loading the discussion..." />
      ) : discussion.isError ? (
        <Alert>Failed to load the discussion. Please try again.</Alert>
      ) : !discussion.data.available ? (
        <p className="text-slate-600">{DISCUSSION_TEXTS.submitFirst}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            You are {discussion.data.label} here; the other reviewers and the organisers read your messages.
          </p>
          {discussion.data.otherReviews.length === 0 ? (
            <p className="text-sm text-slate-600">No other review has been submitted yet.</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" aria-label="Other reviews">
              {discussion.data.otherReviews.map((review) => (
                <li key={review.label} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="font-semibold text-slate-900">
                    {review.label}: {review.mark}/100
                    <span className="ml-2 font-normal text-slate-600">
                      confidence {review.confidence} {CONFIDENCE_LABELS[review.confidence as Confidence]}
                    </span>
                  </p>
                  <p className="mt-2 break-words whitespace-pre-line text-slate-800">{review.commentsToAuthors}</p>
                  {review.confidentialComments && (
                    <p className="mt-2 break-words whitespace-pre-line text-slate-700">
                      <span className="font-medium">For the committee:</span> {review.confidentialComments}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <DiscussionThread messages={discussion.data.messages} onPost={post.mutateAsync} posting={post.isPending} />
        </>
      )}
    </section>
  );
}
