import { useQuery } from '@tanstack/react-query';
import type { reviewModeResponseSchema } from '@shared/schemas/review-mode.ts';
import { api, type ResponseOf } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The committee's review mode: the submission page asks authors to anonymise in double-blind review. */
export function useReviewMode() {
  return useQuery({
    queryKey: queryKeys.reviewMode,
    queryFn: () => api<ResponseOf<typeof reviewModeResponseSchema>>('/settings/review-mode'),
    select: (answer) => answer.reviewMode,
    staleTime: 5 * 60_000,
  });
}
