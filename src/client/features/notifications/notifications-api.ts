import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
  infiniteQueryOptions,
} from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE } from '@shared/constants.ts';
import type {
  notificationPageResponseSchema,
  unreadNotificationCountResponseSchema,
} from '@shared/schemas/notification.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import { usePollWhileLiveDown } from '@client/live/live-updates-api.ts';

export type NotificationFilter = 'all' | 'unread' | 'read';

function listPath(page: number, limit: number, filter: NotificationFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter === 'unread') params.set('onlyUnread', 'true');
  if (filter === 'read') params.set('onlyRead', 'true');
  return `/notifications?${params}`;
}

async function fetchPage(
  page: number,
  limit: number,
  filter: NotificationFilter,
): Promise<ResponseOf<typeof notificationPageResponseSchema>['data']> {
  return (await api<ResponseOf<typeof notificationPageResponseSchema>>(listPath(page, limit, filter))).data;
}

/** The unread badge: polled every 30 s while signed in and the live stream is down (failures are only logged). */
function unreadNotificationCountQuery(enabled: boolean, refetchInterval: number | false) {
  return queryOptions({
    queryKey: queryKeys.notifications.unreadCount,
    queryFn: async () =>
      (await api<ResponseOf<typeof unreadNotificationCountResponseSchema>>('/notifications/unread-count')).count,
    enabled,
    refetchInterval,
    retry: false,
    throwOnError: false,
  });
}

export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery(unreadNotificationCountQuery(enabled, usePollWhileLiveDown()));
}

/** The bell's list: first page of 10 when opened, then "Load more". */
function bellNotificationsQuery(open: boolean) {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.bell,
    queryFn: ({ pageParam }) => fetchPage(pageParam, NOTIFICATION_PAGE_SIZE.bell, 'all'),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.currentPage + 1 : undefined),
    enabled: open,
  });
}

export function useBellNotifications(open: boolean) {
  return useInfiniteQuery(bellNotificationsQuery(open));
}

function notificationsPageQuery(page: number, filter: NotificationFilter) {
  return queryOptions({
    queryKey: queryKeys.notifications.page(filter, page),
    queryFn: () => fetchPage(page, NOTIFICATION_PAGE_SIZE.page, filter),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationsPage(page: number, filter: NotificationFilter) {
  return useQuery(notificationsPageQuery(page, filter));
}

/** Read, read-all and delete; every list and the badge refresh afterwards. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  const logOnly = (error: unknown) => console.error('notification action failed', error);
  const options = { onSettled: refresh, onError: logOnly };
  return {
    markRead: useMutation({
      mutationFn: (id: string) => api(`/notifications/${id}/read`, { method: 'PATCH' }),
      ...options,
    }),
    markAllRead: useMutation({ mutationFn: () => api('/notifications/read-all', { method: 'PATCH' }), ...options }),
    remove: useMutation({ mutationFn: (id: string) => api(`/notifications/${id}`, { method: 'DELETE' }), ...options }),
  };
}
