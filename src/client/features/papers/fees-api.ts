import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorFees, chooseFeeCategoryResponseSchema } from '@shared/schemas/fees.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** Under the papers' key: the author's paper refresh (after a payment ID is saved) refreshes it too. */
const authorFeesKey = (paperId: string) => [...queryKeys.papers.all, 'fees', paperId] as const;
export function useAuthorFees(paperId: string) {
  return useQuery(
    queryOptions({
      queryKey: authorFeesKey(paperId),
      queryFn: () => api<AuthorFees>(`/papers/${encodeURIComponent(paperId)}/fees`),
    }),
  );
}

export function useChooseCategory(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: string) =>
      api<ResponseOf<typeof chooseFeeCategoryResponseSchema>>(`/papers/${encodeURIComponent(paperId)}/fee-category`, {
        method: 'PUT',
        body: { categoryId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorFeesKey(paperId) }),
  });
}
