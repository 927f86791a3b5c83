import { useQuery, queryOptions } from '@tanstack/react-query';
import type {
  BackgroundJob,
  JobKind,
  JobRequest,
  jobResponseSchema,
  latestJobResponseSchema,
} from '@shared/schemas/background-jobs.ts';
import type { bookPreflightResponseSchema } from '@shared/schemas/preflight.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import { useLiveUp } from '@client/live/live-updates-api.ts';

/** How often a job under way is asked about: progress moves on in the background. */
const POLL_MS = 1000;
const underWay = (job: BackgroundJob | null | undefined) => job?.status === 'queued' || job?.status === 'running';

export async function requestJob(request: JobRequest): Promise<BackgroundJob> {
  return (await api<ResponseOf<typeof jobResponseSchema>>('/admin/jobs', { method: 'POST', body: request })).job;
}

/** A job followed until it ends. */
function jobQuery(jobId: string | null) {
  return queryOptions({
    queryKey: queryKeys.admin.job(jobId ?? ''),
    queryFn: async () => (await api<ResponseOf<typeof jobResponseSchema>>(`/admin/jobs/${jobId}`)).job,
    enabled: jobId !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? POLL_MS : false),
  });
}

/**
 * While the live stream is up, progress arrives over it (`job` events) and a slow poll is only a
 * safety net: a job's end missed by the stream (seen once in a loaded CI run, cause not found)
 * would otherwise leave its dialog waiting for ever.
 */
const POLL_WHILE_LIVE_MS = 5000;
function pollUnlessLive(live: boolean) {
  return (query: { state: { data?: BackgroundJob | null } }) =>
    underWay(query.state.data) ? (live ? POLL_WHILE_LIVE_MS : POLL_MS) : false;
}

export function useJob(jobId: string | null) {
  return useQuery({ ...jobQuery(jobId), refetchInterval: pollUnlessLive(useLiveUp()) });
}

/** The newest job of a kind: the one under way, or the last result, after a reload. */
function latestJobQuery(kind: JobKind) {
  return queryOptions({
    queryKey: queryKeys.admin.latestJob(kind),
    queryFn: async () => (await api<ResponseOf<typeof latestJobResponseSchema>>(`/admin/jobs/latest?kind=${kind}`)).job,
    refetchInterval: (query) => (underWay(query.state.data) ? POLL_MS : false),
  });
}

export function useLatestJob(kind: JobKind) {
  return useQuery({ ...latestJobQuery(kind), refetchInterval: pollUnlessLive(useLiveUp()) });
}

/** Before the Book of Abstracts is built: the abstracts a printer may refuse (stored PDF checks). */
export function useBookPreflight() {
  return useQuery({
    queryKey: ['jobs', 'book-preflight'],
    queryFn: () => api<ResponseOf<typeof bookPreflightResponseSchema>>('/admin/book-preflight'),
  });
}
