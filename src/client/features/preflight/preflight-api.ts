import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PageLimits,
  pageLimitsResponseSchema,
  paperPreflightResponseSchema,
  updatePageLimitsResponseSchema,
} from '@shared/schemas/preflight.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';

export function usePaperPreflight(paperId: string) {
  return useQuery({
    queryKey: ['papers', 'preflight', paperId],
    queryFn: () =>
      api<ResponseOf<typeof paperPreflightResponseSchema>>(`/admin/papers/${encodeURIComponent(paperId)}/preflight`),
  });
}

const PAGE_LIMITS_KEY = ['settings', 'page-limits'];

export function usePageLimits() {
  return useQuery({
    queryKey: PAGE_LIMITS_KEY,
    queryFn: async () => (await api<ResponseOf<typeof pageLimitsResponseSchema>>('/admin/settings/page-limits')).limits,
  });
}

export function useSavePageLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: PageLimits) =>
      api<ResponseOf<typeof updatePageLimitsResponseSchema>>('/admin/settings/page-limits', {
        method: 'PUT',
        body: limits,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAGE_LIMITS_KEY }),
  });
}
