import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import type {
  messageListResponseSchema,
  messagePreviewResponseSchema,
  messageSendResponseSchema,
  MessageTemplate,
  messageTemplateListResponseSchema,
  messageTemplateResponseSchema,
  recipientListResponseSchema,
  RecipientListQuery,
} from '@shared/schemas/author-messages.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import { toQueryString } from '@client/lib/query-string.ts';

export interface ComposedMessage {
  audience: PaperAudience;
  subject: string;
  body: string;
}

/** The texts the first recipients will read, and how many there are. */
export function usePreviewMessage() {
  return useMutation({
    mutationFn: (message: ComposedMessage) =>
      api<ResponseOf<typeof messagePreviewResponseSchema>>('/admin/messages/preview', {
        method: 'POST',
        body: message,
      }),
  });
}

/** `requestId`: one per composed message, so that sending it again (a double click, a retry) sends once. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, requestId }: { message: ComposedMessage; requestId: string }) =>
      api<ResponseOf<typeof messageSendResponseSchema>>('/admin/messages', {
        method: 'POST',
        body: { ...message, requestId },
      }),
    // Not awaited: "Sent" shows at once, the Messages page refreshes behind it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.sentMessages }),
  });
}

function sentMessagesQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.messages(page),
    queryFn: () => api<ResponseOf<typeof messageListResponseSchema>>(`/admin/messages${toQueryString({ page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useSentMessages(page: number) {
  return useQuery(sentMessagesQuery(page));
}

function messageRecipientsQuery(messageId: string, query: Pick<RecipientListQuery, 'page' | 'state'>) {
  const params = toQueryString({ page: query.page, state: query.state });
  return queryOptions({
    queryKey: queryKeys.admin.messageRecipients(messageId, params),
    queryFn: () =>
      api<ResponseOf<typeof recipientListResponseSchema>>(`/admin/messages/${messageId}/recipients${params}`),
    placeholderData: keepPreviousData,
    // Mail leaves the outbox in the background: the states move on while the page is open.
    refetchInterval: 10_000,
  });
}

export function useMessageRecipients(messageId: string, query: Pick<RecipientListQuery, 'page' | 'state'>) {
  return useQuery(messageRecipientsQuery(messageId, query));
}

function messageTemplatesQuery() {
  return queryOptions({
    queryKey: queryKeys.admin.messageTemplates,
    queryFn: () => api<ResponseOf<typeof messageTemplateListResponseSchema>>('/admin/message-templates'),
  });
}

export function useMessageTemplates() {
  return useQuery(messageTemplatesQuery());
}

interface TemplateToSave {
  template: Pick<MessageTemplate, 'name' | 'subject' | 'body'>;
  /** A template of the same name: replaced. */
  existingId?: string;
}

/** Saves a template (new, or replacing one); resolves once the list holds it. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ template, existingId }: TemplateToSave): Promise<MessageTemplate> => {
      const answer = await api<ResponseOf<typeof messageTemplateResponseSchema>>(
        existingId ? `/admin/message-templates/${existingId}` : '/admin/message-templates',
        { method: existingId ? 'PUT' : 'POST', body: template },
      );
      return answer.template;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.messageTemplates }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => api(`/admin/message-templates/${templateId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.messageTemplates }),
  });
}
