import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { committeeMembers } from './committee.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * A paper's discussion among its reviewers and the organisers: a member writes as a reviewer of
 * the paper (`memberId`), an organiser without one. Authors never read it.
 */
export const discussionMessages = pgTable(
  'discussion_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => committeeMembers.id, { onDelete: 'cascade' }),
    writtenBy: uuid('written_by').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_messages_paper_idx').on(t.paperId, t.createdAt)],
);
