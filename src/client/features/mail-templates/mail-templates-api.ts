import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { committeeListResponseSchema } from '@shared/schemas/committee.ts';
import type {
  MailTemplatePreviewBody,
  MailTemplateText,
  mailTemplateListResponseSchema,
  mailTemplatePreviewResponseSchema,
  mailTemplateResponseSchema,
  mailTemplateSaveResponseSchema,
} from '@shared/schemas/mail-templates.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const path = (key: string) => `/admin/mail-templates/${encodeURIComponent(key)}`;

export function useMailTemplates() {
  return useQuery({
    queryKey: queryKeys.admin.mailTemplates,
    queryFn: () => api<ResponseOf<typeof mailTemplateListResponseSchema>>('/admin/mail-templates'),
  });
}

/** One template with its history. */
export function useMailTemplate(key: string) {
  return useQuery({
    queryKey: queryKeys.admin.mailTemplate(key),
    queryFn: () => api<ResponseOf<typeof mailTemplateResponseSchema>>(path(key)),
  });
}

/** Save and "Restore the default": both change the list (its "Edited" marks) and the history. */
function useTemplateChange(change: (key: string, text?: MailTemplateText) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, text }: { key: string; text?: MailTemplateText }) =>
      change(key, text) as Promise<ResponseOf<typeof mailTemplateSaveResponseSchema>>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.mailTemplates }),
  });
}

export function useSaveMailTemplate() {
  return useTemplateChange((key, text) => api(path(key), { method: 'PUT', body: text }));
}

export function useRestoreMailTemplate() {
  return useTemplateChange((key) => api(path(key), { method: 'DELETE' }));
}

export function usePreviewMailTemplate() {
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: MailTemplatePreviewBody }) =>
      api<ResponseOf<typeof mailTemplatePreviewResponseSchema>>(`${path(key)}/preview`, { method: 'POST', body }),
  });
}

/** The committee, to preview a member's e-mail with one of them. */
export function useCommitteeForPreview(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.committee,
    queryFn: () => api<ResponseOf<typeof committeeListResponseSchema>>('/admin/committee'),
    enabled,
  });
}
