import { useQuery, queryOptions } from '@tanstack/react-query';
import {
  CONFERENCE_DATE_KEYS,
  CONFERENCE_DATES_META,
  type ConferenceDates,
  formatDateRange,
} from '@shared/domain/deadlines.ts';
import type { publicDeadlinesResponseSchema } from '@shared/schemas/deadlines.ts';
import { api, type ResponseOf } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** Dates change rarely: a page moving to another within 30 s reuses them; an admin's save refreshes them. */
const DATES_STALE_MS = 30_000;

/**
 * The dates the server wrote into the page it served (client-pages.ts), so the first paint
 * prints the conference days without waiting for a request; none under the Vite dev server.
 */
function datesInPage(): ConferenceDates | undefined {
  // On the server the page's query cache already holds the dates (entry-server.tsx).
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector(`meta[name="${CONFERENCE_DATES_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    // Checked by hand, not with the Zod schema: that would bring Zod into every page's first load.
    const parsed: unknown = JSON.parse(content);
    const complete =
      typeof parsed === 'object' &&
      parsed !== null &&
      CONFERENCE_DATE_KEYS.every((key) => typeof (parsed as Record<string, unknown>)[key] === 'string');
    return complete ? (parsed as ConferenceDates) : undefined;
  } catch {
    return undefined;
  }
}

/** Read once: the page's dates are as fresh as the page itself. */
const pageDates = { dates: datesInPage(), readAt: Date.now() };

/** The conference's dates as the server enforces them (ISO 8601 with offsets): the one source of every date shown. */
function conferenceDatesQuery() {
  return queryOptions({
    queryKey: queryKeys.conferenceDates,
    queryFn: async () => (await api<ResponseOf<typeof publicDeadlinesResponseSchema>>('/settings/deadlines')).dates,
    staleTime: DATES_STALE_MS,
    initialData: pageDates.dates,
    initialDataUpdatedAt: pageDates.readAt,
  });
}

export function useConferenceDates() {
  return useQuery(conferenceDatesQuery());
}

/** "15-17 December 2025": the conference days in force; undefined until they are known. */
export function useConferenceDays(): string | undefined {
  const { data } = useConferenceDates();
  return data && formatDateRange(data.conferenceStarts, data.conferenceEnds);
}
