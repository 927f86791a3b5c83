import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  UnreadSummary,
  chatMessagePostedResponseSchema,
  chatMessagesResponseSchema,
  unreadCountsResponseSchema,
} from '@shared/schemas/chat.ts';
import { api, upload, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import { usePollWhileLiveDown } from '@client/live/live-updates-api.ts';

/** Unread chat messages per paper for the signed-in reader: polled every 30 s while the live stream is down. */
const chatUnreadCountsQuery = queryOptions({
  queryKey: queryKeys.chat.unreadCounts,
  queryFn: () => api<ResponseOf<typeof unreadCountsResponseSchema>>('/chat/unread-counts'),
  retry: false,
});

export function useChatUnreadCounts(enabled = true) {
  return useQuery({ ...chatUnreadCountsQuery, enabled, refetchInterval: usePollWhileLiveDown() });
}

export function unreadFor(summary: UnreadSummary | undefined, paperId: string): number {
  return summary?.unreadSummary.find((entry) => entry.paperId === paperId)?.unreadCount ?? 0;
}

/** Asks for the unread counts again, e.g. after papers load or shortly after the chat closes. */
export function useRefreshChatUnread() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.chat.unreadCounts }), [queryClient]);
}

function chatMessagesQuery(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.chat.messages(paperId),
    queryFn: async () => {
      const { messages, committeeExists } = await api<ResponseOf<typeof chatMessagesResponseSchema>>(
        `/chat/papers/${paperId}/messages`,
      );
      return { messages, committeeExists };
    },
  });
}

/** The conversation: a new message arrives over the live stream, else with the 30-second poll. */
export function useChatMessages(paperId: string) {
  return useQuery({ ...chatMessagesQuery(paperId), refetchInterval: usePollWhileLiveDown() });
}

export function useSendChatMessage(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) => {
      const form = new FormData();
      form.append('message', message);
      for (const file of files) form.append('attachments', file);
      return upload<ResponseOf<typeof chatMessagePostedResponseSchema>>(`/chat/papers/${paperId}/messages`, form);
    },
    onSuccess: ({ chatMessage }) =>
      queryClient.setQueryData(chatMessagesQuery(paperId).queryKey, (old) =>
        old ? { ...old, messages: [...old.messages, chatMessage] } : old,
      ),
  });
}
