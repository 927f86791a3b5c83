import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * The people who attend (modules/participants): each accepted paper's presenting author (a row
 * with paper_id; name and affiliation are read from the paper's author at presenter_position, so
 * a corrected author list shows on the badge) and the people organisers add by form or import.
 */
export const participants = pgTable(
  'participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set on a paper's presenting author; one such row per paper. */
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'cascade' }),
    /** Which author of the paper presents (0, the primary author, unless the organiser names another). */
    presenterPosition: integer('presenter_position').notNull().default(0),
    /** An added participant's name and affiliation; null on a paper's row (read from the paper). */
    name: text('name'),
    affiliation: text('affiliation'),
    /** Lower-cased; empty when none was given. A paper's row reads the submitting account's. */
    email: text('email').notNull().default(''),
    /** author, speaker, committee, delegate or volunteer. */
    role: text('role').notNull(),
    /** Random, printed in the badge's signed code; a new one makes the old badge's code worthless. */
    badgeToken: text('badge_token').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participants_paper_uq')
      .on(t.paperId)
      .where(sql`${t.paperId} is not null`),
    // An added person is added once: the import's and the form's duplicate check, race-safe.
    uniqueIndex('participants_added_email_uq')
      .on(t.email)
      .where(sql`${t.paperId} is null and ${t.email} <> ''`),
    index('participants_role_idx').on(t.role),
    check('participants_role', sql`${t.role} in ('author', 'speaker', 'committee', 'delegate', 'volunteer')`),
    check('participants_added_named', sql`${t.paperId} is not null or ${t.name} is not null`),
  ],
);

/** The server's secret that signs badge codes: made once, on first need, shared by every process. */
export const badgeSigningKey = pgTable(
  'badge_signing_key',
  {
    id: integer('id').primaryKey().default(1),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('badge_signing_key_one_row', sql`${t.id} = 1`)],
);

/**
 * A participant's arrival at the registration desk: one per participant (two volunteers at once
 * make one row), and the client's key makes a retried request land on the same row.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participantId: uuid('participant_id')
      .notNull()
      .unique()
      .references(() => participants.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull().unique(),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('check_ins_checked_in_at_idx').on(t.checkedInAt)],
);
