import { queryOptions, useQuery } from '@tanstack/react-query';
import type { myPresentationResponseSchema, publicProgrammeResponseSchema } from '@shared/schemas/programme.ts';
import { apiBase, api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/** The latest published programme: null before the first publication. */
const publishedProgrammeQuery = queryOptions({
  queryKey: queryKeys.publishedProgramme,
  queryFn: async () => (await api<ResponseOf<typeof publicProgrammeResponseSchema>>('/programme')).programme,
});

export function usePublishedProgramme() {
  return useQuery(publishedProgrammeQuery);
}

/** A talk's (or a paperless session's) own calendar file, for "Add to calendar". */
export const eventCalendarUrl = (id: string) => `${apiBase()}/programme/events/${encodeURIComponent(id)}/calendar.ics`;

/** The whole programme printable and in the standard formats, for calendars and conference apps. */
export const scheduleFeeds = () => [
  { label: 'Programme (PDF)', href: `${apiBase()}/programme/programme.pdf` },
  ...[
    { format: 'ics', label: 'Calendar (.ics)' },
    { format: 'json', label: 'Schedule JSON' },
    { format: 'xml', label: 'frab XML' },
  ].map(({ format, label }) => ({ label, href: `${apiBase()}/programme/schedule.${format}` })),
];

/** Where the signed-in author presents in the published programme; null when nowhere (yet). */
export function useMyPresentation(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myPresentation,
    queryFn: async () => (await api<ResponseOf<typeof myPresentationResponseSchema>>('/programme/mine')).presentation,
    enabled,
  });
}
