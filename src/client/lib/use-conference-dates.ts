import { useQuery } from '@tanstack/react-query';
import { CONFERENCE_DATES_ELEMENT_ID } from '../../shared/constants.ts';
import type { ConferenceDates } from '../../shared/domain/deadlines.ts';
import type { publicDeadlinesResponseSchema } from '../../shared/schemas/deadlines.ts';
import { api, type ResponseOf } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** Dates change rarely: a page moving to another within 30 s reuses them; an admin's save refreshes them. */
const DATES_STALE_MS = 30_000;

/** The dates the server sent inside this page (server/plugins/client-pages.ts), if it could. */
function datesSentWithPage(): ConferenceDates | undefined {
  const sent = document.getElementById(CONFERENCE_DATES_ELEMENT_ID)?.textContent;
  if (!sent) return undefined;
  try {
    return (JSON.parse(sent) as Omit<ResponseOf<typeof publicDeadlinesResponseSchema>, 'success'>).dates;
  } catch {
    return undefined;
  }
}

/**
 * The conference's dates as the server enforces them (ISO 8601 with offsets): the one source of
 * every date shown. The first page has them from the server at once, as fresh as the page itself
 * (so each page load still reads them anew); later they come from the API.
 */
export function useConferenceDates() {
  return useQuery({
    queryKey: queryKeys.conferenceDates,
    queryFn: async () => (await api<ResponseOf<typeof publicDeadlinesResponseSchema>>('/settings/deadlines')).dates,
    initialData: datesSentWithPage,
    initialDataUpdatedAt: performance.timeOrigin,
    staleTime: DATES_STALE_MS,
  });
}
