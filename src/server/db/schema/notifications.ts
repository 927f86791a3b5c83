import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAIL_KINDS } from '@shared/domain/outbox.ts';
import { mailStatusEnum, notificationPriorityEnum, notificationTypeEnum } from './enums.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/** A file sent with a mail, kept in the outbox row until it is delivered. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (a calendar entry), or its bytes in base64 (a certificate's PDF). */
  content: string;
  encoding?: 'base64';
}

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    type: notificationTypeEnum('type').notNull().default('system_notification'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: notificationPriorityEnum('priority').notNull().default('medium'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.isRead} = false`),
  ],
);

/** Outgoing mail queue: a slow or failing mail server never fails the request that queued it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** What the mail is about (the outbox's filter); security mails never show their body. */
    kind: text('kind', { enum: MAIL_KINDS }).notNull().default('notice'),
    /** The account it was written to, when it was written to one. */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    /** The organiser whose action wrote it (an invitation's link is shown to them only). */
    queuedBy: uuid('queued_by').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** Small text files sent with the mail (a presentation's calendar entry); null for none. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_kind_created_idx').on(t.kind, t.createdAt),
  ],
);
