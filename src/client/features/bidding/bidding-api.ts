import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bid } from '@shared/domain/bidding.ts';
import type { biddingResponseSchema, bidPlacedResponseSchema } from '@shared/schemas/bidding.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

type BiddingAnswer = ResponseOf<typeof biddingResponseSchema>;

export function useBidding() {
  return useQuery({
    queryKey: queryKeys.bidding,
    queryFn: () => api<BiddingAnswer>('/committee/bids'),
    select: (answer) => answer.bidding,
  });
}

/** One bid, shown at once and put back as it was if the server refuses it. */
export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paperId, bid }: { paperId: string; bid: Bid | null }) =>
      api<ResponseOf<typeof bidPlacedResponseSchema>>(`/committee/bids/${encodeURIComponent(paperId)}`, {
        method: 'PUT',
        body: { bid },
      }),
    onMutate: async ({ paperId, bid }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.bidding });
      const before = queryClient.getQueryData<BiddingAnswer>(queryKeys.bidding);
      if (before)
        queryClient.setQueryData<BiddingAnswer>(queryKeys.bidding, {
          ...before,
          bidding: {
            ...before.bidding,
            papers: before.bidding.papers.map((paper) => (paper._id === paperId ? { ...paper, bid } : paper)),
          },
        });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.bidding, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bidding }),
  });
}
