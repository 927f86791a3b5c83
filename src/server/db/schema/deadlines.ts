import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * The conference's dates as an admin set them on the Deadlines page. A date without a row
 * is the configured one (ABSTRACT_DEADLINE...) or the announced default.
 */
export const conferenceDates = pgTable('conference_dates', {
  key: text('key').primaryKey(),
  /** ISO 8601 with the offset the admin gave, kept as written. */
  value: text('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a conference date: who, when, from what to what. */
export const conferenceDateChanges = pgTable(
  'conference_date_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conference_date_changes_changed_at_idx').on(t.changedAt)],
);

/** One paper's own deadline for an author step (abstract, payment, fullPaper), granted by an admin. */
export const deadlineExtensions = pgTable(
  'deadline_extensions',
  {
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    /** ISO 8601 with offset. */
    closesAt: text('closes_at').notNull(),
    reason: text('reason').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.step] })],
);
