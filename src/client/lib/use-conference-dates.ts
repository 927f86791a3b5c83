import { useQuery } from '@tanstack/react-query';
import type { publicDeadlinesResponseSchema } from '../../shared/schemas/deadlines.ts';
import { api, type ResponseOf } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The server caches the dates for 30 s; asking more often would only read its cache. */
const DATES_STALE_MS = 30_000;

/** The conference's dates as the server enforces them (ISO 8601 with offsets): the one source of every date shown. */
export function useConferenceDates() {
  return useQuery({
    queryKey: queryKeys.conferenceDates,
    queryFn: async () => (await api<ResponseOf<typeof publicDeadlinesResponseSchema>>('/settings/deadlines')).dates,
    staleTime: DATES_STALE_MS,
  });
}
