import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Whether reviewers are reminded automatically before the review deadline: one row at most (none: off). */
export const reviewReminderSetting = pgTable(
  'review_reminder_setting',
  {
    id: integer('id').primaryKey().default(1),
    automatic: boolean('automatic').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('review_reminder_setting_one_row', sql`${t.id} = 1`)],
);

/**
 * The automatic reminder rounds sent, by the deadline they were for and how many days before it:
 * a round is sent once whatever the number of processes and restarts, and a moved deadline
 * has rounds of its own.
 */
export const reviewReminderRounds = pgTable(
  'review_reminder_rounds',
  {
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    daysBefore: integer('days_before').notNull(),
    members: integer('members').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deadline, t.daysBefore] })],
);
