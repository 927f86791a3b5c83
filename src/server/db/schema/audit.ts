import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paperStatusEnum } from './enums.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/** Every admin action, also read back as the "Admin Action" entries of a paper's history. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'cascade' }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    previousStatus: paperStatusEnum('previous_status'),
    newStatus: paperStatusEnum('new_status'),
    comments: text('comments'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_paper_idx').on(t.paperId, t.createdAt)],
);
