import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * The CSV column mapping of the portal's export: chosen once by an organiser, used by every
 * later import (one row at most).
 */
export const paymentStatementMappings = pgTable(
  'payment_statement_mappings',
  {
    id: integer('id').primaryKey().default(1),
    paymentIdColumn: text('payment_id_column').notNull(),
    amountColumn: text('amount_column').notNull(),
    currencyColumn: text('currency_column'),
    receivedOnColumn: text('received_on_column').notNull(),
    payerNameColumn: text('payer_name_column'),
    decimalSeparator: text('decimal_separator').notNull(),
    dateFormat: text('date_format').notNull(),
    defaultCurrency: text('default_currency').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_statement_mappings_one_row', sql`${t.id} = 1`)],
);

/**
 * An imported statement: the file's hash and how it was read. The same file read the same way
 * is one import; importing it again shows this one and changes nothing.
 */
export const paymentStatements = pgTable(
  'payment_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the file's bytes. */
    contentHash: text('content_hash').notNull(),
    /** The mapping the rows were read with ('' for CAMT.053, which needs none). */
    readingKey: text('reading_key').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    encoding: text('encoding').notNull(),
    /** What the reader found missing or wrong in the file as a whole (CAMT parts, skipped debits). */
    findings: jsonb('findings').$type<string[]>().notNull().default([]),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_statements_content_uq').on(t.contentHash, t.readingKey),
    check('payment_statements_format', sql`${t.format} in ('csv', 'camt053')`),
  ],
);

/**
 * One row of a statement, as read (the line, the payment ID, amount, currency, day, payer) or
 * with the reader's problem, and how an organiser resolved it. Its class (matched, amount
 * differs, ...) is worked out when shown, against the papers as they are then.
 */
export const paymentStatementRows = pgTable(
  'payment_statement_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => paymentStatements.id, { onDelete: 'cascade' }),
    /** The row's place in the file: a CAMT entry of several transactions gives one row each. */
    position: integer('position').notNull(),
    /** The line of the CSV file, or the entry's number in the CAMT file. */
    line: integer('line').notNull(),
    paymentId: text('payment_id').notNull(),
    /** Other references of a CAMT entry the payment ID may be in (EndToEndId, Ustrd, TxId, AcctSvcrRef). */
    otherReferences: jsonb('other_references').$type<string[]>().notNull().default([]),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    receivedOn: date('received_on', { mode: 'string' }),
    payerName: text('payer_name').notNull().default(''),
    problem: text('problem'),
    resolution: text('resolution'),
    /** The paper the resolution was for (a near match chosen by hand, too). */
    resolvedPaperId: uuid('resolved_paper_id').references(() => papers.id, { onDelete: 'set null' }),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_statement_rows_statement_idx').on(t.statementId, t.position),
    check(
      'payment_statement_rows_resolution',
      sql`${t.resolution} is null or ${t.resolution} in ('confirmed', 'confirmed_by_hand', 'rejected', 'noted')`,
    ),
  ],
);
