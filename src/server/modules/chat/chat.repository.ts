import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Role } from '@shared/constants.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { rowsOf } from '@server/db/raw-rows.ts';
import { chatAttachments, chatMessages, chatReadCursors, papers, storedFiles, users } from '@server/db/schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatAttachmentRow = typeof chatAttachments.$inferSelect;

export async function findMessages(db: DbOrTx, paperId: string) {
  return db
    .select({ message: chatMessages, senderName: users.username })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.paperId, paperId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

export async function findAttachments(db: DbOrTx, messageIds: string[]): Promise<ChatAttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.messageId, messageIds))
    .orderBy(asc(chatAttachments.position));
}

export async function insertMessage(db: DbOrTx, values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  return row!;
}

export async function insertAttachments(
  db: DbOrTx,
  values: (typeof chatAttachments.$inferInsert)[],
): Promise<ChatAttachmentRow[]> {
  if (values.length === 0) return [];
  return db.insert(chatAttachments).values(values).returning();
}

export async function findAttachment(db: DbOrTx, paperId: string, messageId: string, position: number) {
  const [row] = await db
    .select({ attachment: chatAttachments, stored: storedFiles })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .innerJoin(storedFiles, eq(storedFiles.id, chatAttachments.fileId))
    .where(
      and(
        eq(chatMessages.paperId, paperId),
        eq(chatAttachments.messageId, messageId),
        eq(chatAttachments.position, position),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Moves the reader's cursor forward (never back) to the given message. The time is read in SQL:
 * a round trip through a JavaScript Date would cut PostgreSQL's microseconds and leave the
 * message itself counted as unread.
 */
/** Moves the reader's cursor up to this message; whether it moved (reading again what was read changes nothing). */
export async function markReadUpTo(db: DbOrTx, paperId: string, userId: string, messageId: string): Promise<boolean> {
  const moved = await rowsOf<{ paper_id: string }>(
    db,
    sql`
    insert into ${chatReadCursors} (paper_id, user_id, last_read_at)
    select ${paperId}, ${userId}, ${chatMessages.createdAt} from ${chatMessages} where ${chatMessages.id} = ${messageId}
    on conflict (paper_id, user_id) do update set last_read_at = excluded.last_read_at
      where ${chatReadCursors.lastReadAt} < excluded.last_read_at
    returning paper_id
  `,
  );
  return moved.length > 0;
}

/**
 * Unread per paper for one reader: messages sent by the other side after the reader's cursor.
 * An author counts admins' messages on their own papers; an admin counts authors' messages on all.
 */
export async function unreadCounts(db: DbOrTx, reader: { id: string; role: Role }) {
  const otherSide: Role = reader.role === 'admin' ? 'author' : 'admin';
  const scope = [eq(chatMessages.senderRole, otherSide)];
  if (reader.role !== 'admin') scope.push(eq(papers.userId, reader.id));
  return db
    .select({ paperId: chatMessages.paperId, unreadCount: count() })
    .from(chatMessages)
    .innerJoin(papers, eq(papers.id, chatMessages.paperId))
    .leftJoin(
      chatReadCursors,
      and(eq(chatReadCursors.paperId, chatMessages.paperId), eq(chatReadCursors.userId, reader.id)),
    )
    .where(
      and(
        ...scope,
        sql`(${chatReadCursors.lastReadAt} is null or ${gt(chatMessages.createdAt, chatReadCursors.lastReadAt)})`,
      ),
    )
    .groupBy(chatMessages.paperId);
}
