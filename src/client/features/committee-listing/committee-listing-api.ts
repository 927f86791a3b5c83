import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { committeeListingResponseSchema, committeeListingSavedResponseSchema } from '@shared/schemas/committee.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** Whether the signed-in member is named on the public Committee page (GET /committee/listing). */
export function useCommitteeListing() {
  return useQuery({
    queryKey: queryKeys.committeeListing,
    queryFn: async () => (await api<ResponseOf<typeof committeeListingResponseSchema>>('/committee/listing')).listing,
  });
}

/** Gives or withdraws that consent; the public list is read again. */
export function useSetCommitteeListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listedPublicly: boolean) =>
      api<ResponseOf<typeof committeeListingSavedResponseSchema>>('/committee/listing', {
        method: 'PUT',
        body: { listedPublicly },
      }),
    onSuccess: ({ listing }) => {
      queryClient.setQueryData(queryKeys.committeeListing, listing);
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicCommittee });
    },
  });
}
