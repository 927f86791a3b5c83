import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiscussionBody,
  organiserMessagePostedResponseSchema,
  paperDiscussionResponseSchema,
} from '@shared/schemas/discussion.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';
import type { paperReviewsResponseSchema } from '@shared/schemas/reviews.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** A paper's committee reviews and combined marks, as organisers read them. */
export function usePaperReviews(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paperReviews(paperId),
    queryFn: () =>
      api<ResponseOf<typeof paperReviewsResponseSchema>>(`/admin/papers/${encodeURIComponent(paperId)}/reviews`),
    select: (answer) => answer.reviews,
  });
}

export function usePaperDiscussion(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paperDiscussion(paperId),
    queryFn: () =>
      api<ResponseOf<typeof paperDiscussionResponseSchema>>(`/admin/papers/${encodeURIComponent(paperId)}/discussion`),
    select: (answer) => answer.discussion,
  });
}

export function usePostAsOrganiser(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscussionBody) =>
      api<ResponseOf<typeof organiserMessagePostedResponseSchema>>(
        `/admin/papers/${encodeURIComponent(paperId)}/discussion`,
        { method: 'POST', body },
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeys.admin.paperDiscussion(paperId), {
        success: true,
        discussion: answer.discussion,
      }),
  });
}

/** Shares (or stops sharing) the reviewers' comments to the authors with the paper's author. */
export function useShareReviews(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) =>
      api<ResponseOf<typeof messageResponseSchema>>(
        `/admin/papers/${encodeURIComponent(paperId)}/reviews/${share ? 'share' : 'unshare'}`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.paperReviews(paperId) }),
  });
}
