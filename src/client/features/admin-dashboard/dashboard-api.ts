import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaperStatus } from '../../../shared/constants.ts';
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

/**
 * Every key starts with 'admin' like the review pages' keys, so a change made there (or here)
 * refreshes the whole admin area with one invalidation.
 */
const ADMIN_KEY = ['admin'] as const;
const dashboardKey = (...parts: unknown[]) => ['admin', 'dashboard', ...parts] as const;

export interface DashboardOverview {
  stats: DashboardStats;
  /** The 8 newest submissions. */
  recentSubmissions: RecentSubmission[];
}

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKey('stats'),
    queryFn: () => api<DashboardOverview & { success: boolean }>('/admin/stats'),
  });
}

export interface UserListParams {
  search: string;
  page: number;
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: dashboardKey('users', params),
    queryFn: () =>
      api<{ users: AdminUserRow[]; pagination: ListPagination }>(`/admin/users${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

export type PaperListParams = PaperFilters & { page: number };

const paperListKey = dashboardKey('papers');

export function useAdminPapers(params: PaperListParams) {
  return useQuery({
    queryKey: [...paperListKey, params],
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
    queryKey: dashboardKey('records', query),
    queryFn: () => api<RecordsAnswer>(`/admin/records${toQueryString({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of exactly the rows the table is filtered to: the same query without paging. */
export function recordsExportUrl({ view, search, filter, sort }: RecordsQuery): string {
  return `${API_BASE}/admin/records/export${toQueryString({ view, search, filter, sort })}`;
}

export interface StatusChange {
  paperId: string;
  status: PaperStatus;
  review: string;
  /** The version the admin saw; the server answers 409 when another admin changed the paper since. */
  version: number;
}

/**
 * Sets a paper's status and review comments. The answer replaces the paper in the cached
 * lists at once, then every admin view (statistics, tables, review pages) is refetched.
 */
export function useSetPaperStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paperId, ...body }: StatusChange) =>
      api<{ success: boolean; paper: AdminPaper }>(`/admin/papers/${encodeURIComponent(paperId)}/status`, {
        method: 'PUT',
        body,
      }),
    onSuccess: ({ paper }) => {
      queryClient.setQueriesData<{ papers: AdminPaper[]; pagination: ListPagination }>(
        { queryKey: paperListKey },
        (old) => old && { ...old, papers: old.papers.map((listed) => (listed._id === paper._id ? paper : listed)) },
      );
      return queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
}
