import { useQuery } from '@tanstack/react-query';
import type { publicDeadlinesResponseSchema } from '../../shared/schemas/deadlines.ts';
import { api, type ResponseOf } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** Dates change rarely: a page moving to another within 30 s reuses them; an admin's save refreshes them. */
const DATES_STALE_MS = 30_000;

/** The conference's dates as the server enforces them (ISO 8601 with offsets): the one source of every date shown. */
export function useConferenceDates() {
  return useQuery({
    queryKey: queryKeys.conferenceDates,
    queryFn: async () => (await api<ResponseOf<typeof publicDeadlinesResponseSchema>>('/settings/deadlines')).dates,
    staleTime: DATES_STALE_MS,
  });
}
