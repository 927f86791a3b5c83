import { z } from 'zod';
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

export interface NotificationView {
  _id: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  title: string;
  message: string;
  priority: (typeof NOTIFICATION_PRIORITIES)[number];
  isRead: boolean;
  createdAt: string;
  recipientId: string;
  paperId: { _id: string; ictacemId: string } | null;
  /** Admin list only: whether the e-mail copy went out. */
  emailStatus?: 'pending' | 'sent' | 'failed' | 'not_sent';
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalNotifications: number;
  hasPrev: boolean;
  hasNext: boolean;
}
