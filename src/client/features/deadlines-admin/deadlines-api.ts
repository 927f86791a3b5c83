import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { ConferenceDates } from '@shared/domain/deadlines.ts';
import type { adminDeadlinesResponseSchema, updateDeadlinesResponseSchema } from '@shared/schemas/deadlines.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const PATH = '/admin/settings/deadlines';

export type DeadlineSettings = ResponseOf<typeof adminDeadlinesResponseSchema>;

function deadlineSettingsQuery() {
  return queryOptions({
    queryKey: queryKeys.admin.deadlines,
    queryFn: () => api<DeadlineSettings>(PATH),
  });
}

export function useDeadlineSettings() {
  return useQuery(deadlineSettingsQuery());
}

/** Saves the changed dates; all or none (the server answers 400, naming the date, and keeps them all). */
export function useSaveDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ConferenceDates>) =>
      api<ResponseOf<typeof updateDeadlinesResponseSchema>>(PATH, { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(deadlineSettingsQuery().queryKey, answer);
      // The dates are on every page, and every paper's deadlines and the dashboard follow them.
      void queryClient.invalidateQueries();
    },
  });
}
