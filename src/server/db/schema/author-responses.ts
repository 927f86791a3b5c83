import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './files.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * An author's response to the reviews of their paper, one row per round: a round opens when an
 * organiser sets the paper to Author Response Awaited and the author has no response in
 * progress, is written as a draft, and is closed by "Submit response" (final; an organiser may
 * reopen it, which clears `submitted_at` and keeps the row).
 */
export const authorResponses = pgTable(
  'author_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    text: text('text').notNull().default(''),
    /** The optional revised abstract PDF; the paper's own abstract is not replaced by it. */
    revisedAbstractFileId: uuid('revised_abstract_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    revisedAbstractName: text('revised_abstract_name'),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reopenedBy: uuid('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('author_responses_paper_round_uq').on(t.paperId, t.round),
    index('author_responses_file_idx').on(t.revisedAbstractFileId),
  ],
);

/** The response's word limit, as an organiser set it on the Deadlines page: one row at most (none: the default). */
export const authorResponseSetting = pgTable(
  'author_response_setting',
  {
    id: integer('id').primaryKey().default(1),
    wordLimit: integer('word_limit').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('author_response_setting_one_row', sql`${t.id} = 1`),
    check('author_response_setting_word_limit', sql`${t.wordLimit} between 1 and 10000`),
  ],
);
