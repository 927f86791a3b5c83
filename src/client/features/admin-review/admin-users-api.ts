import { useMutation, useQueries, useQuery, queryOptions } from '@tanstack/react-query';
import type { userPaperCountsResponseSchema, userPapersResponseSchema } from '@shared/schemas/admin-paper.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';
import type { adminUserResponseSchema } from '@shared/schemas/user.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { isNotFound } from '@client/admin/admin-paper.ts';
import { fetchPaperHistory } from './admin-papers-api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

function adminUserQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.user(userId),
    queryFn: async () => (await api<ResponseOf<typeof adminUserResponseSchema>>(userPath(userId))).user,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

export function useAdminUser(userId: string) {
  return useQuery(adminUserQuery(userId));
}

function adminUserPapersQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.userPapers(userId),
    queryFn: async () => (await api<ResponseOf<typeof userPapersResponseSchema>>(`${userPath(userId)}/papers`)).papers,
  });
}

export function useAdminUserPapers(userId: string) {
  return useQuery(adminUserPapersQuery(userId));
}

function adminUserPaperCountsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.userPaperCount(userId),
    queryFn: () => api<ResponseOf<typeof userPaperCountsResponseSchema>>(`${userPath(userId)}/papers/count`),
    retry: false,
  });
}

export function useAdminUserPaperCounts(userId: string) {
  return useQuery(adminUserPaperCountsQuery(userId));
}

/** The submission history of each paper, read in parallel (the activity timeline is built from them). */
export function usePaperHistories(paperIds: string[]) {
  return useQueries({
    queries: paperIds.map((paperId) => ({
      queryKey: queryKeys.admin.paperHistory(paperId),
      queryFn: () => fetchPaperHistory(paperId),
    })),
  });
}

/** Signs the user out on every device. */
export function useEndUserSessions(userId: string) {
  return useMutation({
    mutationFn: () =>
      api<ResponseOf<typeof messageResponseSchema>>(`/admin/users/${encodeURIComponent(userId)}/sessions/end`, {
        method: 'POST',
      }),
  });
}
