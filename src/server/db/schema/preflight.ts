import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PdfFacts } from '@shared/schemas/preflight.ts';
import { users } from './users.ts';

/**
 * A PDF's preflight, measured once per content (by SHA-256) and kept: the same file uploaded again,
 * by anyone, in any process, is not checked again. `facts` are kind-independent (pages, sizes,
 * fonts, actions); the findings are worded from them with the page limits of the day.
 */
export const pdfPreflights = pgTable(
  'pdf_preflights',
  {
    sha256: text('sha256').primaryKey(),
    /** The checker's version: a file measured by an older one is measured again. */
    checkerVersion: integer('checker_version').notNull(),
    facts: jsonb('facts').$type<PdfFacts>().notNull(),
    /** Why the worker gave no facts: timeout, memory or crash; null when it answered. */
    failure: text('failure'),
    /** passed, warnings or refused, before page limits: what the paper list shows and filters on. */
    verdict: text('verdict').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [check('pdf_preflights_verdict', sql`${t.verdict} in ('passed', 'warnings', 'refused')`)],
);

/** The organiser's page limits: one row at most (none: no limits, pages only reported). */
export const pageLimitSetting = pgTable(
  'page_limit_setting',
  {
    id: integer('id').primaryKey().default(1),
    abstractMinPages: integer('abstract_min_pages'),
    abstractMaxPages: integer('abstract_max_pages'),
    fullPaperMinPages: integer('full_paper_min_pages'),
    fullPaperMaxPages: integer('full_paper_max_pages'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('page_limit_setting_one_row', sql`${t.id} = 1`)],
);
