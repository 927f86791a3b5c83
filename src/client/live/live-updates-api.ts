import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { TIMINGS } from '@shared/constants.ts';
import type { UnreadSummary } from '@shared/schemas/chat.ts';
import type { LiveCloseReason, LiveEventData } from '@shared/schemas/live-events.ts';
import { apiBase } from '@client/lib/api.ts';
import { useAuth, useRefreshSession } from '@client/lib/auth-api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/**
 * The tab's one stream of live updates (GET /api/events, or /api/events/public without a
 * session) and what the pages need to know of it: whether it is up (the spec's 30-second polls
 * pause while it is) and the programme version announced since the page loaded.
 */
interface LiveState {
  up: boolean;
  /** A programme published while the page was open: the schedule offers to reload. */
  programmeVersion: number | null;
}

let state: LiveState = { up: false, programmeVersion: null };
const listeners = new Set<() => void>();

function update(next: Partial<LiveState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const liveState = (): LiveState => state;

const parse = <T>(event: MessageEvent<string>): T => JSON.parse(event.data) as T;

/** Each event becomes a cache update (what it carries) or a refetch of what it names. */
function handlersFor(queryClient: QueryClient): Record<string, (event: MessageEvent<string>) => void> {
  return {
    chat: (event) => {
      const data = parse<LiveEventData['chat']>(event);
      queryClient.setQueryData<UnreadSummary>(queryKeys.chat.unreadCounts, (old) => {
        const others = (old?.unreadSummary ?? []).filter((entry) => entry.paperId !== data.paperId);
        const unreadSummary =
          data.unreadCount > 0 ? [...others, { paperId: data.paperId, unreadCount: data.unreadCount }] : others;
        return { ...old, unreadSummary, totalUnread: data.totalUnread };
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages(data.paperId) });
    },
    notification: (event) => {
      const data = parse<LiveEventData['notification']>(event);
      queryClient.setQueryData(queryKeys.notifications.unreadCount, data.unreadCount);
      // The lists refetch if shown; the count is already right.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.notifications.all,
        predicate: (query) => query.queryKey[1] !== queryKeys.notifications.unreadCount[1],
      });
    },
    paper: (event) => {
      const data = parse<LiveEventData['paper']>(event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.papers.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviewerComments(data.paperId) });
    },
    job: (event) => {
      const data = parse<LiveEventData['job']>(event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.job(data.jobId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'jobs', 'latest'] });
    },
    review: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myReviews });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bidding });
    },
    programme: (event) => {
      update({ programmeVersion: parse<LiveEventData['programme']>(event).version });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPresentation });
    },
    // Events may have been missed: everything shown is fetched again, once.
    resync: () => void queryClient.invalidateQueries(),
  };
}

/**
 * Opens the stream and keeps it: EventSource reconnects by itself (after the server's `retry`,
 * sending Last-Event-ID); a stream the server ended with a reason, or refused, is not reopened
 * and the polling goes on. Returns the close.
 */
function connectLive(
  queryClient: QueryClient,
  signedIn: boolean,
  onClosed: (reason: LiveCloseReason) => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`${apiBase()}/events${signedIn ? '' : '/public'}`);
  for (const [kind, handle] of Object.entries(handlersFor(queryClient)))
    source.addEventListener(kind, (event) => handle(event as MessageEvent<string>));
  source.addEventListener('open', () => update({ up: true }));
  // Down while reconnecting (CONNECTING) or for good (CLOSED, e.g. refused): the polls resume.
  source.addEventListener('error', () => update({ up: false }));
  source.addEventListener('closed', (event) => {
    source.close();
    update({ up: false });
    onClosed(parse<{ reason: LiveCloseReason }>(event as MessageEvent<string>).reason);
  });
  return () => {
    source.close();
    update({ up: false });
  };
}
/** Whether the tab's live stream is up now. */
export function useLiveUp(): boolean {
  return useSyncExternalStore(
    subscribeLive,
    () => liveState().up,
    () => false,
  );
}

/** The spec's 30-second poll while the stream is down; none while it is up (the stream tells). */
export function usePollWhileLiveDown(): number | false {
  return useLiveUp() ? false : TIMINGS.pollMs;
}

/** The programme version published since this page loaded, if any. */
export function useProgrammePublishedSinceLoad(): number | null {
  return useSyncExternalStore(
    subscribeLive,
    () => liveState().programmeVersion,
    () => null,
  );
}

/** Keeps the tab's one stream open, the signed-in one when there is a usable session. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const { user, isLoading, mustEnrolTwoFactor, isVolunteer } = useAuth();
  // A volunteer's account is refused the signed-in stream, as every route but the desk's.
  const signedIn = Boolean(user) && !mustEnrolTwoFactor && !isVolunteer;
  useEffect(() => {
    if (isLoading) return undefined;
    // A session ended elsewhere: the header learns of it; the stream opens again as it then is.
    return connectLive(queryClient, signedIn, () => void refreshSession());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per sign-in state, not per render
  }, [queryClient, signedIn, isLoading]);
  return null;
}
