import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paperStatusEnum } from './enums.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * Every admin action, and every step of a paper's state machine by anyone: the paper's timeline.
 * Admin actions are also read back as the "Admin Action" entries of a paper's history. A paper
 * step carries the paper's state before and after it in `details` (see paper-workflow.ts), so
 * the integrity check can replay a paper's history through the state machine.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Commit order within one paper: entries of one transaction share their created_at. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
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
  (t) => [
    index('audit_log_paper_idx').on(t.paperId, t.createdAt),
    index('audit_log_paper_seq_idx').on(t.paperId, t.seq),
  ],
);

/**
 * Counters that change with every write to what a cache shows (kept by triggers, see the
 * migration): a process reads the counter, one indexed row, and reuses its cached value only
 * while the counter is unchanged, so every process sees a write on its next read.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
