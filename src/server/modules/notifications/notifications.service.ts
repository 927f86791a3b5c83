import type { MailKind } from '@shared/domain/outbox.ts';
import type { NotificationPriority, NotificationType } from '@shared/constants.ts';
import type { NotificationView, Pagination } from '@shared/schemas/notification.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import type { OutgoingMail } from '@server/mail/mail-outbox.ts';
import { AppError } from '@server/lib/app-error.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { publishLive } from '@server/live/live-messages.ts';
import { type AuthorMail, authorValues, renderAuthorMail } from '../mail-templates/mail-rendering.ts';
import { findUserById } from '../users/users.repository.ts';
import { linkOf } from './notification-links.ts';
import * as repo from './notifications.repository.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  /** What the site shows where it differs from the e-mail (which has an attachment the site links to). */
  siteMessage?: string;
  priority?: NotificationPriority;
  paperId?: string | null;
  /** Sent with the e-mail copy (a presentation's calendar entry). */
  attachments?: OutgoingMail['attachments'];
  /** What the e-mail copy is about, for the outbox (a notice unless said). */
  mailKind?: MailKind;
  /**
   * The template the e-mail copy is written with, and its values. Without one the e-mail repeats
   * the notification in the "Other notices to authors" template.
   */
  mail?: AuthorMail;
}

/**
 * Records notifications inside the caller's transaction; authors also get an e-mail copy,
 * queued in the same transaction so the mail exists exactly when the notification does.
 */
export async function notifyUsers(
  ctx: AppContext,
  db: DbOrTx,
  recipientIds: string[],
  input: NotificationInput,
): Promise<void> {
  const rows = await notifyInSite(db, recipientIds, input);
  if (rows.length === 0) return;
  const recipients = await repo.findRecipients(db, recipientIds);
  for (const row of rows) {
    const recipient = recipients.find((r) => r.id === row.recipientId);
    if (!recipient || recipient.role !== 'author') continue;
    const mail = await renderAuthorMail(
      db,
      input.mail ?? { template: 'author_notice', values: {} },
      // The e-mail's own text: the site's may differ (a link where the e-mail has an attachment).
      { title: row.title, message: input.message },
      authorValues(ctx.config, recipient.username),
    );
    await ctx.outbox.enqueue(db, {
      kind: input.mailKind ?? 'notice',
      recipientId: recipient.id,
      paperId: row.paperId,
      to: recipient.email,
      subject: mail.subject,
      text: mail.text,
      notificationId: row.id,
      attachments: input.attachments,
    });
  }
}

/**
 * Records notifications only, with no e-mail copy: for notices whose e-mail, if any, is written
 * by its own module (a committee member's assignment or reminder), or that have none.
 */
export async function notifyInSite(
  db: DbOrTx,
  recipientIds: readonly string[],
  input: Omit<NotificationInput, 'attachments' | 'mailKind'>,
): Promise<repo.NotificationRow[]> {
  const rows = await repo.insertNotifications(
    db,
    recipientIds.map((recipientId) => ({
      recipientId,
      paperId: input.paperId ?? null,
      type: input.type,
      title: input.title,
      message: input.siteMessage ?? input.message,
      priority: input.priority ?? 'medium',
    })),
  );
  // Each recipient's bell hears of it once the caller's transaction commits.
  if (rows.length > 0) await publishLive(db, { kind: 'notification', userIds: rows.map((row) => row.recipientId) });
  return rows;
}

/** The recipients of notifyAdmins: the organisers' accounts. */
export function adminIds(db: DbOrTx): Promise<string[]> {
  return repo.findAdminIds(db);
}

export async function notifyAdmins(ctx: AppContext, db: DbOrTx, input: NotificationInput): Promise<void> {
  await notifyUsers(ctx, db, await repo.findAdminIds(db), input);
}

function present(
  ctx: AppContext,
  row: Awaited<ReturnType<typeof repo.pageOfNotifications>>[number],
  withEmail: boolean,
): NotificationView {
  const n = row.notification;
  // The paper's conference ID is its author's and the organisers': a reviewer's notice links to their review instead.
  const showsPaper =
    n.paperId !== null &&
    row.ictacemId !== null &&
    (row.recipientRole === 'admin' || row.paperOwnerId === n.recipientId);
  return {
    _id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    priority: n.priority,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    recipientId: n.recipientId,
    paperId: showsPaper ? { _id: n.paperId!, ictacemId: row.ictacemId! } : null,
    link: linkOf(n, row.paperOwnerId, ctx.config.basePath),
    ...(withEmail
      ? { emailStatus: !row.emailStatus || row.emailStatus === 'unsent' ? 'not_sent' : row.emailStatus }
      : {}),
  };
}

async function page(
  ctx: AppContext,
  filter: repo.NotificationFilter,
  pageNumber: number,
  limit: number,
  withEmail: boolean,
) {
  const [total, rows] = await Promise.all([
    repo.countNotifications(ctx.db, filter),
    repo.pageOfNotifications(ctx.db, filter, limit, (pageNumber - 1) * limit),
  ]);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const pagination: Pagination = {
    currentPage: pageNumber,
    totalPages,
    totalNotifications: total,
    hasPrev: pageNumber > 1,
    hasNext: pageNumber < totalPages,
  };
  return { notifications: rows.map((r) => present(ctx, r, withEmail)), pagination };
}

export async function listOwn(
  ctx: AppContext,
  actor: PublicUser,
  query: { page: number; limit: number; onlyUnread: boolean; onlyRead: boolean },
) {
  const isRead = query.onlyUnread ? false : query.onlyRead ? true : undefined;
  return page(ctx, { recipientId: actor._id, isRead }, query.page, query.limit, false);
}

export async function unreadCount(ctx: AppContext, actor: PublicUser): Promise<number> {
  return repo.countNotifications(ctx.db, { recipientId: actor._id, isRead: false });
}

export async function markRead(ctx: AppContext, actor: PublicUser, id: string): Promise<void> {
  if (!(await repo.markRead(ctx.db, actor._id, id))) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
  // The reader's other tabs update their bell too.
  await publishLive(ctx.db, { kind: 'notification', userIds: [actor._id] });
}

export async function markAllRead(ctx: AppContext, actor: PublicUser): Promise<number> {
  const marked = await repo.markAllRead(ctx.db, actor._id);
  await publishLive(ctx.db, { kind: 'notification', userIds: [actor._id] });
  return marked;
}

export async function remove(ctx: AppContext, actor: PublicUser, id: string): Promise<void> {
  if (!(await repo.deleteNotification(ctx.db, actor._id, id))) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
  await publishLive(ctx.db, { kind: 'notification', userIds: [actor._id] });
}

export async function createSystemNotification(
  ctx: AppContext,
  input: {
    recipientId: string;
    title: string;
    message: string;
    type: NotificationType;
    priority: NotificationPriority;
  },
): Promise<void> {
  if (!(await findUserById(ctx.db, input.recipientId))) throw new AppError('not_found', 'User not found.');
  await transactionThenMail(ctx, (tx) => notifyUsers(ctx, tx, [input.recipientId], input));
}

export async function listAll(
  ctx: AppContext,
  query: { page: number; limit: number; type?: NotificationType; recipientId?: string },
) {
  const filter = { type: query.type || undefined, recipientId: query.recipientId || undefined };
  return page(ctx, filter, query.page, query.limit, true);
}
