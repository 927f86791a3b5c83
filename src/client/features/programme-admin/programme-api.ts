import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ProgrammeDraft,
  programmeDraftedResponseSchema,
  programmeDraftResponseSchema,
  programmeEditResponseSchema,
  programmePublishedResponseSchema,
} from '@shared/schemas/programme.ts';
import { api, ApiError, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const draftQuery = queryOptions({
  queryKey: queryKeys.admin.programme,
  queryFn: async () => (await api<ResponseOf<typeof programmeDraftResponseSchema>>('/admin/programme')).programme,
});

export function useProgrammeDraft() {
  return useQuery(draftQuery);
}

/** One edit of the draft: where it goes and what it says (the draft's version is added on sending). */
export interface ProgrammeEdit {
  method: 'POST' | 'PUT';
  path: string;
  body?: Record<string, unknown>;
}

/**
 * Every change to the draft names the version it was made on. The answer is the draft as it now
 * is; a 409 (another organiser changed it first) reloads the draft so the next try is on theirs.
 */
export function useEditProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: ProgrammeEdit) => {
      const version = queryClient.getQueryData<ProgrammeDraft>(queryKeys.admin.programme)?.version ?? 0;
      return api<ResponseOf<typeof programmeEditResponseSchema> | ResponseOf<typeof programmeDraftedResponseSchema>>(
        `/admin/programme${path}`,
        { method, body: { ...body, version } },
      );
    },
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.admin.programme, answer.programme),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.programme });
    },
  });
}

/** "Publish": the next numbered version, with its changes; warnings need `confirmWarnings`. */
export function usePublishProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmWarnings: boolean) => {
      const version = queryClient.getQueryData<ProgrammeDraft>(queryKeys.admin.programme)?.version ?? 0;
      return api<ResponseOf<typeof programmePublishedResponseSchema>>('/admin/programme/publish', {
        method: 'POST',
        body: { version, confirmWarnings },
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.programme }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publishedProgramme }),
      ]),
  });
}
