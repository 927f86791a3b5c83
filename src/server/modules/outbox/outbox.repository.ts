import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MailKind, MailState } from '@shared/domain/outbox.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { literalRows } from '@server/db/literal-values.ts';
import { readTogether } from '@server/db/read-together.ts';
import { mailOutbox, users } from '@server/db/schema/index.ts';

/**
 * The outbox's states from the row: a pending mail whose last attempt failed is shown failed (with
 * the server's answer) while it waits for its next attempt.
 */
const STATE_WHERE: Record<MailState, SQL> = {
  queued: and(eq(mailOutbox.status, 'pending'), isNull(mailOutbox.lastError))!,
  sent: eq(mailOutbox.status, 'sent'),
  failed: or(eq(mailOutbox.status, 'failed'), and(eq(mailOutbox.status, 'pending'), isNotNull(mailOutbox.lastError)))!,
  unsent: eq(mailOutbox.status, 'unsent'),
};

const recipient = alias(users, 'recipient');
const sender = alias(users, 'sender');

/** Everything but the body and attachments: a page of the list never reads a mail's text. */
const summaryColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  toAddress: mailOutbox.toAddress,
  recipientName: recipient.username,
  subject: mailOutbox.subject,
  lastError: mailOutbox.lastError,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export async function pageOfMails(
  db: DbOrTx,
  filter: { kind?: MailKind; state?: MailState },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.kind ? eq(mailOutbox.kind, filter.kind) : undefined,
    filter.state ? STATE_WHERE[filter.state] : undefined,
  );
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select(summaryColumns)
        .from(mailOutbox)
        .leftJoin(recipient, eq(recipient.id, mailOutbox.recipientId))
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(literalRows(page.limit))
        .offset(literalRows(page.offset)),
    () => db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type OutboxSummaryRow = Awaited<ReturnType<typeof pageOfMails>>['rows'][number];

export async function findMail(db: DbOrTx, mailId: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      textBody: mailOutbox.textBody,
      attachments: mailOutbox.attachments,
      paperId: mailOutbox.paperId,
      queuedBy: mailOutbox.queuedBy,
      queuedByName: sender.username,
    })
    .from(mailOutbox)
    .leftJoin(recipient, eq(recipient.id, mailOutbox.recipientId))
    .leftJoin(sender, eq(sender.id, mailOutbox.queuedBy))
    .where(eq(mailOutbox.id, mailId));
  return row;
}
export type OutboxMailRow = NonNullable<Awaited<ReturnType<typeof findMail>>>;

/**
 * Queues a failed or unsent mail again, due now, with a fresh count of attempts' answers; only
 * from those states, so two organisers pressing "Send again" together queue it once. Whether it
 * was queued.
 */
export async function requeueMail(db: DbOrTx, mailId: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(mailOutbox.id, mailId), inArray(mailOutbox.status, ['failed', 'unsent'])))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
