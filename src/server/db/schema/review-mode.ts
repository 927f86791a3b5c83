import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_MODES } from '@shared/domain/review-mode.ts';
import { users } from './users.ts';

/** The committee's review mode, as an organiser set it: one row at most (none: single-blind). */
export const reviewModeSetting = pgTable(
  'review_mode_setting',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode', { enum: REVIEW_MODES }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('review_mode_setting_one_row', sql`${t.id} = 1`),
    check('review_mode_setting_mode', sql`${t.mode} in ('single_blind', 'double_blind')`),
  ],
);
