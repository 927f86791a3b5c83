import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@shared/constants.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { mailOutbox, notifications, papers, users } from '@server/db/schema/index.ts';
import { literalRows } from '@server/db/literal-values.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: DbOrTx, values: NewNotification[]): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  return db.insert(notifications).values(values).returning();
}

export async function findRecipients(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, role: users.role, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function findAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

const listColumns = {
  notification: notifications,
  ictacemId: papers.ictacemId,
  paperOwnerId: papers.userId,
  recipientRole: users.role,
};

/** Which notifications a list shows; every field given narrows it. */
export interface NotificationFilter {
  recipientId?: string;
  isRead?: boolean;
  type?: NotificationType;
}

function whereOf(filter: NotificationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.recipientId !== undefined) conditions.push(eq(notifications.recipientId, filter.recipientId));
  if (filter.isRead !== undefined) conditions.push(eq(notifications.isRead, filter.isRead));
  if (filter.type !== undefined) conditions.push(eq(notifications.type, filter.type));
  return conditions.length ? and(...conditions) : undefined;
}

export async function pageOfNotifications(db: DbOrTx, filter: NotificationFilter, limit: number, offset: number) {
  return db
    .select({ ...listColumns, emailStatus: mailOutbox.status })
    .from(notifications)
    .leftJoin(papers, eq(papers.id, notifications.paperId))
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .leftJoin(mailOutbox, eq(mailOutbox.notificationId, notifications.id))
    .where(whereOf(filter))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(literalRows(limit))
    .offset(literalRows(offset));
}

export async function countNotifications(db: DbOrTx, filter: NotificationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(whereOf(filter));
  return row?.n ?? 0;
}

export async function markRead(db: DbOrTx, recipientId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, recipientId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, recipientId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
