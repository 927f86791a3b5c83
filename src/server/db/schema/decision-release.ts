import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DECISION_RELEASE_MODES } from '@shared/domain/decision-release.ts';
import { paperStatusEnum } from './enums.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/** When decisions reach their authors, as an organiser set it: one row at most (none: on entry). */
export const decisionReleaseSetting = pgTable(
  'decision_release_setting',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode', { enum: DECISION_RELEASE_MODES }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('decision_release_setting_one_row', sql`${t.id} = 1`),
    check('decision_release_setting_mode', sql`${t.mode} in ('on_entry', 'on_release', 'on_notification_date')`),
  ],
);

/**
 * A decision entered but not yet released: the paper itself is untouched (its author sees it as
 * before) until release applies this row as the status change and deletes it. One per paper: a
 * decision changed again before release replaces it, so one e-mail goes, the final one.
 */
export const heldDecisions = pgTable(
  'held_decisions',
  {
    paperId: uuid('paper_id')
      .primaryKey()
      .references(() => papers.id, { onDelete: 'cascade' }),
    status: paperStatusEnum('status').notNull(),
    review: text('review').notNull(),
    shareReviews: boolean('share_reviews').notNull().default(false),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('held_decisions_decided_at_idx').on(t.decidedAt)],
);
