import { keepPreviousData, useQuery, queryOptions } from '@tanstack/react-query';
import type { authEventsResponseSchema } from '@shared/schemas/auth-events.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** A page of the sign-in log; the previous page stays on screen while the next one loads. */
function authEventsQuery(params: URLSearchParams) {
  return queryOptions({
    queryKey: queryKeys.admin.authEvents(params.toString()),
    queryFn: () => api<ResponseOf<typeof authEventsResponseSchema>>(`/admin/auth-events?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAuthEvents(params: URLSearchParams) {
  return useQuery(authEventsQuery(params));
}
