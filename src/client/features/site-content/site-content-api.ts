import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { publicCommitteeResponseSchema, siteContentResponseSchema } from '@shared/schemas/site-content.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** The texts change only when the server reloads them; a page asks again after this long (the browser's copy answers while the ETag holds). */
const CONTENT_STALE_MS = 10 * 60_000;

export function siteContentQuery() {
  return queryOptions({
    queryKey: queryKeys.siteContent,
    queryFn: async () => (await api<ResponseOf<typeof siteContentResponseSchema>>('/site-content')).content,
    staleTime: CONTENT_STALE_MS,
  });
}

export function publicCommitteeQuery() {
  return queryOptions({
    queryKey: queryKeys.publicCommittee,
    queryFn: async () => (await api<ResponseOf<typeof publicCommitteeResponseSchema>>('/committee/public')).members,
    staleTime: CONTENT_STALE_MS,
  });
}

/**
 * The public pages' texts (GET /site-content): in the page's query cache when the server
 * rendered it (entry-server.tsx), fetched on the way to a page otherwise, its page waiting for them.
 */
export function useSiteContent() {
  return useSuspenseQuery(siteContentQuery()).data;
}

/** The programme committee members who agreed to be named (GET /committee/public). */
export function usePublicCommittee() {
  return useSuspenseQuery(publicCommitteeQuery()).data;
}
