import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminUserRow,
  DashboardStats,
  ListPagination,
  RecentSubmission,
  RecordRow,
  RecordsQuery,
  RecordsSummary,
} from '../../../shared/schemas/admin-dashboard.ts';
import type { AdminPaper } from '../../../shared/schemas/admin-paper.ts';
import { api, API_BASE } from '../../lib/api.ts';
import type { PaperFilters } from './paper-filters.ts';
import { toQueryString } from './query-string.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export interface DashboardOverview {
  stats: DashboardStats;
  /** The 8 newest submissions. */
  recentSubmissions: RecentSubmission[];
}

export function useDashboardStats() {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('stats'),
    queryFn: () => api<DashboardOverview & { success: boolean }>('/admin/stats'),
  });
}

export interface UserListParams {
  search: string;
  page: number;
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('users', params),
    queryFn: () =>
      api<{ users: AdminUserRow[]; pagination: ListPagination }>(`/admin/users${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

export type PaperListParams = PaperFilters & { page: number };

export function useAdminPapers(params: PaperListParams) {
  return useQuery({
    queryKey: [...queryKeys.admin.paperList, params],
    queryFn: () =>
      api<{ papers: AdminPaper[]; pagination: ListPagination }>(`/admin/papers${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

interface RecordsAnswer {
  rows: RecordRow[];
  summary: RecordsSummary;
  pagination: ListPagination;
}

export function useRecords(query: RecordsQuery) {
  return useQuery({
    queryKey: queryKeys.admin.dashboard('records', query),
    queryFn: () => api<RecordsAnswer>(`/admin/records${toQueryString({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of exactly the rows the table is filtered to: the same query without paging. */
export function recordsExportUrl({ view, search, filter, sort }: RecordsQuery): string {
  return `${API_BASE}/admin/records/export${toQueryString({ view, search, filter, sort })}`;
}
