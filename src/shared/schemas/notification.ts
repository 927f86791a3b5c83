import { z } from 'zod';
import { okResponse } from './responses.ts';
import { textFlagSchema } from './flags.ts';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../constants.ts';

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
};

export const notificationListQuerySchema = z.object({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE.max).default(NOTIFICATION_PAGE_SIZE.page),
  onlyUnread: textFlagSchema.default(false),
  /** The notifications page's Read tab. */
  onlyRead: textFlagSchema.default(false),
});

export const adminNotificationListQuerySchema = z.object({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE.max).default(NOTIFICATION_PAGE_SIZE.admin),
  type: z.enum(NOTIFICATION_TYPES).optional(),
  recipientId: z.uuid().optional(),
});

export const systemNotificationBodySchema = z.object({
  recipientId: z.uuid('Please choose a recipient.'),
  title: z.string().trim().min(1, 'Please enter a title.').max(200),
  message: z.string().trim().min(1, 'Please enter a message.').max(5000),
  type: z.enum(NOTIFICATION_TYPES).default('system_notification'),
  priority: z.enum(NOTIFICATION_PRIORITIES).default('medium'),
});

/**
 * Where a notification leads: one of the reader's pages (a path under the site), or a file to
 * download (a presentation's calendar entry, "Add to calendar"; a URL under the API).
 */
export const notificationLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), label: z.string(), path: z.string() }),
  z.object({ kind: z.literal('file'), label: z.string(), url: z.string() }),
]);
export type NotificationLink = z.infer<typeof notificationLinkSchema>;

export const notificationViewSchema = z
  .object({
    _id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    priority: z.enum(NOTIFICATION_PRIORITIES),
    isRead: z.boolean(),
    createdAt: z.string(),
    recipientId: z.string(),
    /** The paper, for its author and the organisers only. */
    paperId: z.object({ _id: z.string(), ictacemId: z.string() }).nullable(),
    link: notificationLinkSchema.nullable(),
    /** Admin list only: whether the e-mail copy went out. */
    emailStatus: z.enum(['pending', 'sent', 'failed', 'not_sent']).optional(),
  })
  .meta({ id: 'Notification' });
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationPaginationSchema = z
  .object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalNotifications: z.number(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
  })
  .meta({ id: 'NotificationPagination' });
export type Pagination = z.infer<typeof notificationPaginationSchema>;

export const notificationPageResponseSchema = okResponse({
  data: z.object({ notifications: z.array(notificationViewSchema), pagination: notificationPaginationSchema }),
});
export const unreadNotificationCountResponseSchema = okResponse({ count: z.number() });
export const notificationsUpdatedResponseSchema = okResponse({ updated: z.number() });
