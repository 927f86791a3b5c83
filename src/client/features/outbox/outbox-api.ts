import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  outboxListResponseSchema,
  outboxMailResponseSchema,
  outboxSendAgainResponseSchema,
} from '@shared/schemas/outbox.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** Mail leaves the outbox in the background: queued ones move on while the page is open. */
const REFRESH_MS = 10_000;

/** A page of the outbox; the previous page stays on screen while the next one loads. */
export function useOutboxPage(params: URLSearchParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.outboxPage(params.toString()),
      queryFn: () => api<ResponseOf<typeof outboxListResponseSchema>>(`/admin/outbox?${params}`),
      placeholderData: keepPreviousData,
      refetchInterval: REFRESH_MS,
    }),
  );
}

export function useOutboxMail(mailId: string) {
  return useQuery({
    queryKey: queryKeys.admin.outboxMail(mailId),
    queryFn: () => api<ResponseOf<typeof outboxMailResponseSchema>>(`/admin/outbox/${encodeURIComponent(mailId)}`),
    refetchInterval: REFRESH_MS,
  });
}

/** "Send again": the mail and every page of the list show its new state. */
export function useSendAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string) =>
      api<ResponseOf<typeof outboxSendAgainResponseSchema>>(`/admin/outbox/${encodeURIComponent(mailId)}/send-again`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox }),
  });
}
