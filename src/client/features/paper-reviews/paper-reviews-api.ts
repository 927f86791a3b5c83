import { useQuery } from '@tanstack/react-query';
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
