import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  RecordsQuery,
  adminPapersResponseSchema,
  adminUsersResponseSchema,
  dashboardStatsResponseSchema,
  recordsResponseSchema,
} from '@shared/schemas/admin-dashboard.ts';
import type { nextDeadlineResponseSchema } from '@shared/schemas/deadlines.ts';
import { api, API_BASE, type ResponseOf } from '@client/lib/api.ts';
import type { PaperFilters } from './paper-filters.ts';
import { toQueryString } from '@client/lib/query-string.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** The statistics and the 8 newest submissions. */
export type DashboardOverview = ResponseOf<typeof dashboardStatsResponseSchema>;

export function useDashboardStats() {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('stats'),
    queryFn: () => api<ResponseOf<typeof dashboardStatsResponseSchema>>('/admin/stats'),
  });
}

/** The soonest deadline still open and how many papers it waits for; null once all have passed. */
export function useNextDeadline() {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('next-deadline'),
    queryFn: async () => (await api<ResponseOf<typeof nextDeadlineResponseSchema>>('/admin/next-deadline')).next,
  });
}

export interface UserListParams {
  search: string;
  page: number;
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('users', params),
    queryFn: () => api<ResponseOf<typeof adminUsersResponseSchema>>(`/admin/users${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

export type PaperListParams = PaperFilters & { page: number };

export function useAdminPapers(params: PaperListParams) {
  return useQuery({
    queryKey: [...queryKeys.admin.paperList, params],
    queryFn: () => api<ResponseOf<typeof adminPapersResponseSchema>>(`/admin/papers${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

export function useRecords(query: RecordsQuery) {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('records', query),
    queryFn: () => api<ResponseOf<typeof recordsResponseSchema>>(`/admin/records${toQueryString({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of exactly the rows the table is filtered to: the same query without paging. */
export function recordsExportUrl({ view, search, filter, sort }: RecordsQuery): string {
  return `${API_BASE}/admin/records/export${toQueryString({ view, search, filter, sort })}`;
}
