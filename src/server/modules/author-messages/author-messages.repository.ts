import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DeliveryState } from '@shared/schemas/author-messages.ts';
import type { DbOrTx, Tx } from '@server/db/client.ts';
import {
  authorMessageRecipients,
  authorMessages,
  mailOutbox,
  messageTemplates,
  notifications,
  papers,
  users,
} from '@server/db/schema/index.ts';
import { literalRows } from '@server/db/literal-values.ts';

/** Rows inserted per statement: thousands of recipients stay well under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 500;

async function insertInChunks<Row, Out>(rows: Row[], insert: (chunk: Row[]) => Promise<Out[]>): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(...(await insert(rows.slice(i, i + INSERT_CHUNK))));
  return out;
}

/** Each paper that still exists with its submitting author: what a message's placeholders are filled with. */
export async function findRecipients(db: DbOrTx, paperIds: string[]) {
  if (paperIds.length === 0) return [];
  return db
    .select({
      paperId: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      status: papers.status,
      paymentId: papers.paymentId,
      userId: users.id,
      name: users.username,
      email: users.email,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .where(inArray(papers.id, paperIds));
}

/** The message, or nothing when its request id was used before (the first request's message stands). */
export async function insertMessage(tx: Tx, row: typeof authorMessages.$inferInsert) {
  const [inserted] = await tx.insert(authorMessages).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findMessageIdByRequest(db: DbOrTx, requestId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: authorMessages.id })
    .from(authorMessages)
    .where(eq(authorMessages.requestId, requestId));
  return row?.id;
}

export function insertNotifications(tx: Tx, rows: (typeof notifications.$inferInsert)[]) {
  return insertInChunks(rows, (chunk) =>
    tx.insert(notifications).values(chunk).returning({ id: notifications.id, recipientId: notifications.recipientId }),
  );
}

export function insertMails(tx: Tx, rows: (typeof mailOutbox.$inferInsert)[]) {
  return insertInChunks(rows, (chunk) =>
    tx.insert(mailOutbox).values(chunk).returning({ id: mailOutbox.id, notificationId: mailOutbox.notificationId }),
  );
}

export function insertRecipients(tx: Tx, rows: (typeof authorMessageRecipients.$inferInsert)[]) {
  return insertInChunks(rows, async (chunk) => {
    await tx.insert(authorMessageRecipients).values(chunk);
    return [];
  });
}

/**
 * A recipient's state, read from the mail itself: pending is queued (also while retrying); a mail
 * written without a mail server was not e-mailed (until it is sent again from the outbox).
 */
const deliveryState = sql<DeliveryState>`case
  when ${authorMessageRecipients.mailId} is null or ${mailOutbox.status} = 'unsent' then 'not_emailed'
  when ${mailOutbox.status} = 'pending' then 'queued'
  else ${mailOutbox.status}::text end`;

const DELIVERY_WHERE: Record<DeliveryState, SQL> = {
  not_emailed: or(isNull(authorMessageRecipients.mailId), eq(mailOutbox.status, 'unsent'))!,
  queued: eq(mailOutbox.status, 'pending'),
  sent: eq(mailOutbox.status, 'sent'),
  failed: eq(mailOutbox.status, 'failed'),
};

const messageColumns = {
  id: authorMessages.id,
  subject: authorMessages.subject,
  body: authorMessages.body,
  audience: authorMessages.audience,
  recipientCount: authorMessages.recipientCount,
  createdAt: authorMessages.createdAt,
  sentBy: users.username,
};

export async function countMessages(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(authorMessages);
  return row?.n ?? 0;
}

/** Newest first. */
export async function pageOfMessages(db: DbOrTx, page: { limit: number; offset: number }) {
  return db
    .select(messageColumns)
    .from(authorMessages)
    .leftJoin(users, eq(users.id, authorMessages.sentBy))
    .orderBy(desc(authorMessages.createdAt), desc(authorMessages.id))
    .limit(literalRows(page.limit))
    .offset(literalRows(page.offset));
}

export async function findMessage(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(authorMessages)
    .leftJoin(users, eq(users.id, authorMessages.sentBy))
    .where(eq(authorMessages.id, messageId));
  return row;
}

/** How many recipients of each message are in each delivery state. */
export async function deliveryCounts(db: DbOrTx, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({ messageId: authorMessageRecipients.messageId, state: deliveryState, n: count() })
    .from(authorMessageRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, authorMessageRecipients.mailId))
    .where(inArray(authorMessageRecipients.messageId, messageIds))
    .groupBy(authorMessageRecipients.messageId, deliveryState);
}

function recipientsWhere(messageId: string, state: DeliveryState | undefined) {
  return and(eq(authorMessageRecipients.messageId, messageId), state ? DELIVERY_WHERE[state] : undefined);
}

export async function countRecipients(db: DbOrTx, messageId: string, state?: DeliveryState): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authorMessageRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, authorMessageRecipients.mailId))
    .where(recipientsWhere(messageId, state));
  return row?.n ?? 0;
}

/** In the order they were addressed. */
export async function pageOfRecipients(
  db: DbOrTx,
  messageId: string,
  state: DeliveryState | undefined,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      paperId: authorMessageRecipients.paperId,
      ictacemId: authorMessageRecipients.ictacemId,
      name: authorMessageRecipients.name,
      email: authorMessageRecipients.email,
      state: deliveryState,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
    })
    .from(authorMessageRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, authorMessageRecipients.mailId))
    .where(recipientsWhere(messageId, state))
    .orderBy(asc(authorMessageRecipients.position))
    .limit(literalRows(page.limit))
    .offset(literalRows(page.offset));
}

export function listTemplates(db: DbOrTx) {
  return db.select().from(messageTemplates).orderBy(asc(messageTemplates.name));
}

/** Nothing when the name is taken. */
export async function insertTemplate(db: DbOrTx, row: typeof messageTemplates.$inferInsert) {
  const [inserted] = await db.insert(messageTemplates).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateTemplate(db: DbOrTx, id: string, values: Partial<typeof messageTemplates.$inferInsert>) {
  const [row] = await db.update(messageTemplates).set(values).where(eq(messageTemplates.id, id)).returning();
  return row;
}

export async function deleteTemplate(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db
    .delete(messageTemplates)
    .where(eq(messageTemplates.id, id))
    .returning({ id: messageTemplates.id });
  return deleted.length > 0;
}
