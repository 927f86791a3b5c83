import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { committeeMembers } from './committee.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

/**
 * A committee member's review of a paper, from the assignment on: the row is the assignment, and
 * the review is written into it (a draft, then submitted). Members are never deleted (removal
 * ends their membership), so a review outlives its reviewer's time on the committee.
 */
export const committeeReviews = pgTable(
  'committee_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => committeeMembers.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * "Reviewer N" on this paper for everyone who reads it (the discussion, the organisers, the
     * author, e-mails): given at the assignment from the paper's `last_reviewer_number`, so a
     * number is never given twice on a paper, even after an unassignment.
     */
    reviewerNumber: integer('reviewer_number').notNull(),
    /** Placed by the planner ("Assign automatically") rather than chosen by hand. */
    automatic: boolean('automatic').notNull().default(false),
    mark: integer('mark'),
    confidence: integer('confidence'),
    commentsToAuthors: text('comments_to_authors').notNull().default(''),
    confidentialComments: text('confidential_comments').notNull().default(''),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('committee_reviews_member_paper_uq').on(t.memberId, t.paperId),
    uniqueIndex('committee_reviews_paper_number_uq').on(t.paperId, t.reviewerNumber),
    index('committee_reviews_paper_idx').on(t.paperId),
    check('committee_reviews_mark_range', sql`${t.mark} between 0 and 100`),
    check('committee_reviews_confidence_range', sql`${t.confidence} between 1 and 5`),
  ],
);

/**
 * The reviewers' comments to the authors of a decided paper, shared with its author by an
 * organiser (off until then): as "Reviewer 1", "Reviewer 2", never a mark or a confidential word.
 */
export const reviewReleases = pgTable('review_releases', {
  paperId: uuid('paper_id')
    .primaryKey()
    .references(() => papers.id, { onDelete: 'cascade' }),
  releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A submitted review's earlier marks: each time a member changes the mark (or confidence) of a
 * submitted review, what it was is kept here, so the organisers see a mark revised after the
 * author's response beside the one it replaced.
 */
export const reviewMarkRevisions = pgTable(
  'review_mark_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => committeeReviews.id, { onDelete: 'cascade' }),
    mark: integer('mark'),
    confidence: integer('confidence'),
    /** When the replaced mark was given (the review's last change before this one). */
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    /** Replaced after the author's response to the reviews was submitted. */
    afterResponse: boolean('after_response').notNull().default(false),
  },
  (t) => [index('review_mark_revisions_review_idx').on(t.reviewId, t.replacedAt)],
);
