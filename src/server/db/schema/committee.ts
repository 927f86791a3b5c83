import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COMMITTEE_MEMBER_STATUSES } from '@shared/domain/committee.ts';
import { users } from './users.ts';

export const committeeMemberStatusEnum = pgEnum('committee_member_status', COMMITTEE_MEMBER_STATUSES);

/**
 * The programme committee: one row per invited address, from the invitation to its answer and,
 * for a member, to their removal. The account is linked when the invitation is accepted.
 */
export const committeeMembers = pgTable(
  'committee_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The invited address, lower-cased. */
    email: text('email').notNull(),
    /** As the organiser wrote it in the invitation: automatic conflicts match it against authors'. */
    affiliation: text('affiliation').notNull().default(''),
    themes: text('themes').array().notNull(),
    maxPapers: integer('max_papers').notNull(),
    status: committeeMemberStatusEnum('status').notNull().default('invited'),
    /** The organiser's personal note in the invitation. */
    note: text('note').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    /** The member agreed, on accepting, to be named (with the affiliation) on the public Committee page. */
    listedPublicly: boolean('listed_publicly').notNull().default(false),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** SHA-256 of the newest link's token (a resend replaces it); kept after the answer, to name it. */
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per address: a declined or withdrawn invitation is sent again on the same row.
    uniqueIndex('committee_members_email_uq').on(t.email),
    // An account is a member once.
    uniqueIndex('committee_members_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('committee_members_invited_at_idx').on(t.invitedAt),
  ],
);
