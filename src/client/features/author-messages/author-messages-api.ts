import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export function previewMessage(message: ComposedMessage) {
  return api<ResponseOf<typeof messagePreviewResponseSchema>>('/admin/messages/preview', {
    method: 'POST',
    body: message,
  });
}

/** `requestId`: one per composed message, so that sending it again (a double click, a retry) sends once. */
export function sendMessage(message: ComposedMessage, requestId: string) {
  return api<ResponseOf<typeof messageSendResponseSchema>>('/admin/messages', {
    method: 'POST',
    body: { ...message, requestId },
  });
}

export function useSentMessages(page: number) {
  return useQuery({
    queryKey: queryKeys.admin.messages(page),
    queryFn: () => api<ResponseOf<typeof messageListResponseSchema>>(`/admin/messages${toQueryString({ page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useMessageRecipients(messageId: string, query: Pick<RecipientListQuery, 'page' | 'state'>) {
  const params = toQueryString({ page: query.page, state: query.state });
  return useQuery({
    queryKey: queryKeys.admin.messageRecipients(messageId, params),
    queryFn: () =>
      api<ResponseOf<typeof recipientListResponseSchema>>(`/admin/messages/${messageId}/recipients${params}`),
    placeholderData: keepPreviousData,
    // Mail leaves the outbox in the background: the states move on while the page is open.
    refetchInterval: 10_000,
  });
}

export function useMessageTemplates() {
  return useQuery({
    queryKey: queryKeys.admin.messageTemplates,
    queryFn: () => api<ResponseOf<typeof messageTemplateListResponseSchema>>('/admin/message-templates'),
  });
}

export async function saveTemplate(
  template: Pick<MessageTemplate, 'name' | 'subject' | 'body'>,
  existingId?: string,
): Promise<MessageTemplate> {
  const answer = await api<ResponseOf<typeof messageTemplateResponseSchema>>(
    existingId ? `/admin/message-templates/${existingId}` : '/admin/message-templates',
    { method: existingId ? 'PUT' : 'POST', body: template },
  );
  return answer.template;
}

export function deleteTemplate(templateId: string) {
  return api(`/admin/message-templates/${templateId}`, { method: 'DELETE' });
}
