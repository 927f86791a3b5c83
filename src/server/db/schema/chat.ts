import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatAttachmentKindEnum, roleEnum } from './enums.ts';
import { storedFiles } from './files.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderRole: roleEnum('sender_role').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_paper_created_idx').on(t.paperId, t.createdAt)],
);

export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    fileType: chatAttachmentKindEnum('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId)],
);

/** Per-reader read state: a reader has read every message of the paper up to lastReadAt. */
export const chatReadCursors = pgTable(
  'chat_read_cursors',
  {
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.userId] })],
);
