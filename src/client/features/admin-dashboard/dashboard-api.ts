import { keepPreviousData, useQuery, queryOptions } from '@tanstack/react-query';
import type {
  RecordsQuery,
  adminPapersResponseSchema,
  adminUsersResponseSchema,
  dashboardStatsResponseSchema,
  recordsResponseSchema,
} from '@shared/schemas/admin-dashboard.ts';
import type { nextDeadlineResponseSchema } from '@shared/schemas/deadlines.ts';
import { api, apiBase, type ResponseOf } from '@client/lib/api.ts';
import type { PaperFilters } from './paper-filters.ts';
import { toQueryString } from '@client/lib/query-string.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** The statistics and the 8 newest submissions. */
export type DashboardOverview = ResponseOf<typeof dashboardStatsResponseSchema>;

function dashboardStatsQuery() {
  return queryOptions({
    queryKey: queryKeys.admin.dashboard('stats'),
    queryFn: () => api<ResponseOf<typeof dashboardStatsResponseSchema>>('/admin/stats'),
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery());
}

/** The soonest deadline still open and how many papers it waits for; null once all have passed. */
function nextDeadlineQuery() {
  return queryOptions({
    queryKey: queryKeys.admin.dashboard('next-deadline'),
    queryFn: async () => (await api<ResponseOf<typeof nextDeadlineResponseSchema>>('/admin/next-deadline')).next,
  });
}

export function useNextDeadline() {
  return useQuery(nextDeadlineQuery());
}

export interface UserListParams {
  search: string;
  page: number;
}

function adminUsersQuery(params: UserListParams) {
  return queryOptions({
    queryKey: queryKeys.admin.dashboard('users', params),
    queryFn: () => api<ResponseOf<typeof adminUsersResponseSchema>>(`/admin/users${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: UserListParams) {
  return useQuery(adminUsersQuery(params));
}

export type PaperListParams = PaperFilters & { page: number };

function adminPapersQuery(params: PaperListParams) {
  return queryOptions({
    queryKey: [...queryKeys.admin.paperList, params],
    queryFn: () => api<ResponseOf<typeof adminPapersResponseSchema>>(`/admin/papers${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPapers(params: PaperListParams) {
  return useQuery(adminPapersQuery(params));
}

function recordsQuery(query: RecordsQuery) {
  return queryOptions({
    queryKey: queryKeys.admin.dashboard('records', query),
    queryFn: () => api<ResponseOf<typeof recordsResponseSchema>>(`/admin/records${toQueryString({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

export function useRecords(query: RecordsQuery) {
  return useQuery(recordsQuery(query));
}

/** The CSV of exactly the rows the table is filtered to: the same query without paging. */
export function recordsExportUrl({ view, search, filter, sort }: RecordsQuery): string {
  return `${apiBase()}/admin/records/export${toQueryString({ view, search, filter, sort })}`;
}
