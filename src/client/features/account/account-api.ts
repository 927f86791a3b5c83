import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  accountSessionsResponseSchema,
  sessionsEndedResponseSchema,
} from '@shared/schemas/auth.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';

function accountSessionsQuery() {
  return queryOptions({
    queryKey: queryKeys.account.sessions,
    queryFn: async () => (await api<ResponseOf<typeof accountSessionsResponseSchema>>('/account/sessions')).sessions,
  });
}

export function useAccountSessions() {
  return useQuery(accountSessionsQuery());
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api(`/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ResponseOf<typeof sessionsEndedResponseSchema>>('/account/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api<ResponseOf<typeof messageResponseSchema>>('/account/password', { method: 'POST', body }),
    // Every other session ended with the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}
