import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailOutbox, notifications } from './notifications.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/** A subject and body an organiser saved to send again; placeholders are filled at sending. */
export const messageTemplates = pgTable('message_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One "Message authors" sending: what was written, by whom, to whom (the audience in words). */
export const authorMessages = pgTable(
  'author_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Chosen by the page that composed it: the same request sent twice (a double click) is one message. */
    requestId: uuid('request_id').notNull().unique(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: text('audience').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('author_messages_created_at_idx').on(t.createdAt, t.id)],
);

/**
 * Each recipient of a message, with the texts as filled for them kept in the notification and
 * the mail; the delivery state is the mail's own (mail_outbox.status), never copied.
 */
export const authorMessageRecipients = pgTable(
  'author_message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => authorMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    /** As they were at sending, so the list still reads right after a paper or account is gone. */
    ictacemId: text('ictacem_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** Null when the site has no mail server: the author was notified in the site only. */
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] })],
);
