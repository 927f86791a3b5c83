import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  authorResponseResponseSchema,
  authorResponseSavedResponseSchema,
  committeeResponseResponseSchema,
  organiserResponsesChangedResponseSchema,
  organiserResponsesResponseSchema,
  responseWordLimitResponseSchema,
} from '@shared/schemas/author-responses.ts';
import { api, type ResponseOf, upload } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const paperPath = (paperId: string) => `/papers/${encodeURIComponent(paperId)}/response`;
const keys = {
  author: (paperId: string) => ['author-response', paperId] as const,
  committee: (paperId: string) => ['committee-author-response', paperId] as const,
  organiser: (paperId: string) => ['organiser-author-responses', paperId] as const,
};

type Saved = ResponseOf<typeof authorResponseSavedResponseSchema>;

/** "Respond to the reviews" for the author's paper; asked only while the card shows it. */
export function useAuthorResponse(paperId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.author(paperId),
    queryFn: () => api<ResponseOf<typeof authorResponseResponseSchema>>(paperPath(paperId)),
    select: (answer) => answer.view,
    enabled,
  });
}

/** Each change answers the view as it now is; submitting also changes the paper's status. */
export function useResponseActions(paperId: string) {
  const client = useQueryClient();
  const onSuccess = (answer: Saved) => {
    client.setQueryData(keys.author(paperId), { success: true, view: answer.view });
  };
  return {
    saveDraft: useMutation({
      mutationFn: (text: string) => api<Saved>(`${paperPath(paperId)}/draft`, { method: 'PUT', body: { text } }),
      onSuccess,
    }),
    submit: useMutation({
      mutationFn: (text: string) => api<Saved>(`${paperPath(paperId)}/submit`, { method: 'POST', body: { text } }),
      onSuccess: async (answer) => {
        onSuccess(answer);
        await client.invalidateQueries({ queryKey: queryKeys.papers.all });
      },
    }),
    uploadAbstract: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('revisedAbstractPdf', file);
        return upload<Saved>(`${paperPath(paperId)}/revised-abstract`, form);
      },
      onSuccess,
    }),
    removeAbstract: useMutation({
      mutationFn: () => api<Saved>(`${paperPath(paperId)}/revised-abstract`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

/** The author's submitted response as an assigned member reads it (null before one is submitted). */
export function useCommitteeResponse(paperId: string) {
  return useQuery({
    queryKey: keys.committee(paperId),
    queryFn: () =>
      api<ResponseOf<typeof committeeResponseResponseSchema>>(
        `/committee/reviews/${encodeURIComponent(paperId)}/author-response`,
      ),
    select: (answer) => answer.response,
  });
}

export function useOrganiserResponses(paperId: string) {
  return useQuery({
    queryKey: keys.organiser(paperId),
    queryFn: () =>
      api<ResponseOf<typeof organiserResponsesResponseSchema>>(
        `/admin/papers/${encodeURIComponent(paperId)}/author-responses`,
      ),
    select: (answer) => answer.responses,
  });
}

export function useReopenResponse(paperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ResponseOf<typeof organiserResponsesChangedResponseSchema>>(
        `/admin/papers/${encodeURIComponent(paperId)}/author-responses/reopen`,
        { method: 'POST' },
      ),
    onSuccess: async (answer) => {
      client.setQueryData(keys.organiser(paperId), { success: true, responses: answer.responses });
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export function useSaveWordLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wordLimit: number) =>
      api<ResponseOf<typeof responseWordLimitResponseSchema>>('/admin/settings/deadlines/response-word-limit', {
        method: 'PUT',
        body: { wordLimit },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.deadlines }),
  });
}
