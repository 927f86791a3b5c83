import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * A registration fee category (Student, Academic, Industry; Indian or foreign participants):
 * its currency and its early-bird and late amounts, in the currency's minor unit (paise, cents).
 * The periods come from the conference dates (earlyBirdOpens, earlyBirdCloses, lateRegistrationOpens).
 */
export const feeCategories = pgTable(
  'fee_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    earlyBirdMinor: bigint('early_bird_minor', { mode: 'number' }).notNull(),
    lateMinor: bigint('late_minor', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_categories_name_currency_uq').on(t.name, t.currency),
    check('fee_categories_currency', sql`${t.currency} in ('INR', 'USD')`),
    check('fee_categories_amounts', sql`${t.earlyBirdMinor} >= 0 and ${t.lateMinor} >= 0`),
  ],
);

/** The fee settings: one row at most (none: the full paper opens once a payment ID is entered). */
export const feeSettings = pgTable(
  'fee_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** 'entered' (the spec's rule) or 'confirmed': what opens the full-paper upload. */
    fullPaperRequires: text('full_paper_requires').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fee_settings_one_row', sql`${t.id} = 1`),
    check('fee_settings_full_paper_requires', sql`${t.fullPaperRequires} in ('entered', 'confirmed')`),
  ],
);

/** The fee category an author picked for their paper. */
export const paperFeeChoices = pgTable('paper_fee_choices', {
  paperId: uuid('paper_id')
    .primaryKey()
    .references(() => papers.id, { onDelete: 'cascade' }),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => feeCategories.id, { onDelete: 'cascade' }),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Receipt numbers: taken from a sequence, so none is ever given twice, even after a deletion. */
export const paymentReceiptNumbers = pgSequence('payment_receipt_number_seq', { startWith: 1 });

/**
 * An organiser's decision on a payment ID an author entered (docs/architecture.md, "Payments"):
 * confirmed (date received, amount, currency, rate) or rejected (with a reason; the paper's
 * payment ID is cleared so the author may enter another). An entered ID without a row here is
 * "Entered". Rows are never updated or deleted: the ledger of what was decided, by whom, when.
 */
export const paymentDecisions = pgTable(
  'payment_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    state: text('state').notNull(),
    /** The day the money arrived (confirmed only), as the statement or the organiser gives it. */
    receivedOn: date('received_on', { mode: 'string' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    /** 'early_bird' or 'late', from the day received and the conference dates. */
    rate: text('rate'),
    /** Who confirmed: an organiser by hand, or a statement import. */
    source: text('source'),
    /** The payer as the statement names them (a statement import); null: the receipt prints the author's name. */
    payerName: text('payer_name'),
    reason: text('reason'),
    receiptNumber: bigint('receipt_number', { mode: 'number' }).unique(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each paper's payment is confirmed once, and one payment ID pays for one paper: two
    // organisers (or an import and an organiser) confirming at once cannot both succeed.
    uniqueIndex('payment_decisions_confirmed_paper_uq')
      .on(t.paperId)
      .where(sql`${t.state} = 'confirmed'`),
    uniqueIndex('payment_decisions_confirmed_payment_id_uq')
      .on(t.paymentId)
      .where(sql`${t.state} = 'confirmed'`),
    index('payment_decisions_paper_idx').on(t.paperId, t.decidedAt),
    check('payment_decisions_state', sql`${t.state} in ('confirmed', 'rejected')`),
    check(
      'payment_decisions_confirmed_facts',
      sql`${t.state} <> 'confirmed' or (${t.receivedOn} is not null and ${t.amountMinor} >= 0 and ${t.currency} in ('INR', 'USD') and ${t.rate} in ('early_bird', 'late') and ${t.receiptNumber} is not null)`,
    ),
    check('payment_decisions_rejected_reason', sql`${t.state} <> 'rejected' or ${t.reason} is not null`),
  ],
);
