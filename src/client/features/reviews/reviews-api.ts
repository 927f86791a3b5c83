import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiscussionBody,
  memberDiscussionResponseSchema,
  memberMessagePostedResponseSchema,
} from '@shared/schemas/discussion.ts';
import type {
  myReviewsResponseSchema,
  ReviewDraftBody,
  reviewSavedResponseSchema,
  reviewSheetResponseSchema,
} from '@shared/schemas/reviews.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const reviewPath = (paperId: string) => `/committee/reviews/${encodeURIComponent(paperId)}`;

export function useMyReviews() {
  return useQuery({
    queryKey: queryKeys.myReviews,
    queryFn: () => api<ResponseOf<typeof myReviewsResponseSchema>>('/committee/reviews'),
    select: (answer) => answer.reviews,
  });
}

export function useReviewSheet(paperId: string) {
  return useQuery({
    queryKey: queryKeys.reviewSheet(paperId),
    queryFn: () => api<ResponseOf<typeof reviewSheetResponseSchema>>(reviewPath(paperId)),
    select: (answer) => answer.sheet,
  });
}

/** "Save draft" or "Submit review": the answer carries the sheet as it now stands. */
export function useWriteReview(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ intent, body }: { intent: 'draft' | 'submit'; body: ReviewDraftBody }) =>
      api<ResponseOf<typeof reviewSavedResponseSchema>>(
        intent === 'draft' ? `${reviewPath(paperId)}/draft` : `${reviewPath(paperId)}/submit`,
        { method: intent === 'draft' ? 'PUT' : 'POST', body },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.reviewSheet(paperId), { success: true, sheet: answer.sheet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myReviews, exact: true });
      // A submission opens the discussion.
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviewDiscussion(paperId) });
    },
    // Refused (the paper decided meanwhile, say): the sheet as it now stands, which says so.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviewSheet(paperId) }),
  });
}

export function useReviewDiscussion(paperId: string) {
  return useQuery({
    queryKey: queryKeys.reviewDiscussion(paperId),
    queryFn: () => api<ResponseOf<typeof memberDiscussionResponseSchema>>(`${reviewPath(paperId)}/discussion`),
    select: (answer) => answer.discussion,
  });
}

export function usePostToDiscussion(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscussionBody) =>
      api<ResponseOf<typeof memberMessagePostedResponseSchema>>(`${reviewPath(paperId)}/discussion`, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeys.reviewDiscussion(paperId), { success: true, discussion: answer.discussion }),
  });
}
