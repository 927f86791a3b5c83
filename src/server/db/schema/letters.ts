import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { papers } from './papers.ts';
import { participants } from './participants.ts';
import { users } from './users.ts';

/**
 * Every letter the site issued (acceptance, visa invitation, payment receipt, certificate of
 * participation or presentation): what it says, so that the PDF is
 * the same each time it is downloaded and its verification code confirms exactly this letter.
 */
export const letters = pgTable(
  'letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** acceptance, visa, receipt, participation or presentation (the two certificates). */
    kind: text('kind').notNull(),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Unguessable, printed on the letter and typed into the public verification page. */
    verificationCode: text('verification_code').notNull().unique(),
    /** The letter's printed values (names, title, IDs, dates), as issued. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** A certificate's holder: a participant, who may have no account (modules/certificates). */
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    /** Set when an organiser withdraws a certificate; the row stays, so its code says so. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    /** The certificate reissued in its place (a corrected name): the history runs old to new. */
    replacedById: uuid('replaced_by_id').references((): AnyPgColumn => letters.id, { onDelete: 'set null' }),
    /** When the certificates e-mail carrying it was queued: a run again (or resumed) skips it. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('letters_paper_kind_idx').on(t.paperId, t.kind),
    // A paper's acceptance letter is issued once and downloaded again as often as wanted.
    uniqueIndex('letters_one_acceptance_per_paper_uq')
      .on(t.paperId)
      .where(sql`${t.kind} = 'acceptance'`),
    // A confirmed payment's receipt is issued once: its number (never given twice) names it.
    uniqueIndex('letters_one_receipt_per_number_uq')
      .on(sql`(${t.details} ->> 'receiptNumber')`)
      .where(sql`${t.kind} = 'receipt'`),
    // A participant holds one standing certificate of each kind; withdrawn ones stay as history.
    uniqueIndex('letters_one_certificate_per_participant_uq')
      .on(t.participantId, t.kind)
      .where(sql`${t.kind} in ('participation', 'presentation') and ${t.withdrawnAt} is null`),
  ],
);

/** An author's request for a visa invitation letter, reviewed by an admin before a letter is issued. */
export const visaRequests = pgTable(
  'visa_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullNameAsInPassport: text('full_name_as_in_passport').notNull(),
    nationality: text('nationality').notNull(),
    passportNumber: text('passport_number').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    /** pending, approved or declined. */
    status: text('status').notNull().default('pending'),
    adminNote: text('admin_note').notNull().default(''),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    letterId: uuid('letter_id').references(() => letters.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visa_requests_status_created_idx').on(t.status, t.createdAt),
    // One request under review per paper: a second waits for the first's answer.
    uniqueIndex('visa_requests_one_pending_per_paper_uq')
      .on(t.paperId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
