import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { paperStatusEnum, submissionKindEnum, submissionVersionStatusEnum } from './enums.ts';
import { storedFiles } from './files.ts';
import { users } from './users.ts';

export const papers = pgTable(
  'papers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ictacemId: text('ictacem_id').notNull().unique(),
    title: text('title').notNull(),
    /** The title and ID as the search box matches them (drizzle/0008_search_fold.sql). */
    titleSearch: text('title_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(title)`),
    ictacemIdSearch: text('ictacem_id_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(ictacem_id)`),
    /**
     * The authors' folded names, in order: kept by a trigger on paper_authors
     * (drizzle/0010_paper_authors_search.sql), never written by the app. On the paper's own row,
     * a search reads no other table.
     */
    authorsSearch: text('authors_search').notNull().default(''),
    theme: text('theme').notNull(),
    modeOfPresentation: text('mode_of_presentation'),
    status: paperStatusEnum('status').notNull().default('review_awaited'),
    review: text('review').notNull().default(''),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paymentId: text('payment_id').notNull().default(''),
    /** Null after an admin reset: the author is asked for a new upload. */
    abstractFileId: uuid('abstract_file_id').references(() => storedFiles.id),
    fullPaperFileId: uuid('full_paper_file_id').references(() => storedFiles.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    fullPaperSubmittedAt: timestamp('full_paper_submitted_at', { withTimezone: true }),
    /** Confidential evaluation: never presented to authors. */
    evaluationMarks: integer('evaluation_marks'),
    evaluationComments: text('evaluation_comments').notNull().default(''),
    evaluatedBy: uuid('evaluated_by').references(() => users.id, { onDelete: 'set null' }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    /** When the author last wrote in the paper's chat: kept by a trigger on chat_messages (drizzle/0012). */
    lastAuthorMessageAt: timestamp('last_author_message_at', { withTimezone: true }),
    /**
     * The committee's submitted marks combined: their mean (one decimal) and spread (highest less
     * lowest), null before the first. Kept by a trigger on committee_reviews (drizzle/0022).
     */
    reviewMean: real('review_mean'),
    reviewSpread: integer('review_spread'),
    /** The highest "Reviewer N" given on this paper: the next assignment takes the one after. */
    lastReviewerNumber: integer('last_reviewer_number').notNull().default(0),
    /** Optimistic-lock counter: concurrent admin updates answer 409 instead of losing one. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One paper per user (LIMITS.papersPerUser), also as a guarantee the planner can use: a count
    // of authors LEFT JOIN papers that reads no paper column skips the join.
    uniqueIndex('papers_user_id_uq').on(t.userId),
    // The paper list filtered by status, or status and theme, newest first: the page is read in
    // order and the total counted from the index alone (a theme alone uses it too, by skip scan).
    index('papers_status_theme_submitted_at_idx').on(t.status, t.theme, t.submittedAt, t.id),
    // Newest first, ties by id: the paper list, the records table and recent submissions read
    // their pages from it, deep pages by an index-only scan.
    index('papers_submitted_at_id_idx').on(t.submittedAt, t.id),
    // A payment ID already recorded for another paper is found without a scan (and listed to admins).
    index('papers_payment_id_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} <> ''`),
    // The admin records table sorted by score reads its page in this order instead of sorting every paper.
    index('papers_marks_submitted_at_id_idx').on(
      t.evaluationMarks.desc().nullsLast(),
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    // The search box: a trigram index finds '%text%' without reading every paper.
    index('papers_title_search_idx').using('gin', t.titleSearch.op('gin_trgm_ops')),
    index('papers_ictacem_id_search_idx').using('gin', t.ictacemIdSearch.op('gin_trgm_ops')),
    index('papers_authors_search_idx').using('gin', t.authorsSearch.op('gin_trgm_ops')),
    // The paper list sorted by the author's latest message: papers with a question first, read in order.
    index('papers_last_author_message_idx').on(
      t.lastAuthorMessageAt.desc().nullsLast(),
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    // The paper list sorted by the committee's mean mark: reviewed papers first, read in order.
    index('papers_review_mean_idx').on(t.reviewMean.desc().nullsLast(), t.submittedAt.desc(), t.id.desc()),
    check('papers_marks_range', sql`${t.evaluationMarks} is null or (${t.evaluationMarks} between 0 and 100)`),
  ],
);

export const paperAuthors = pgTable(
  'paper_authors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    /** 0 is the primary author. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** The name as the search box matches it, gathered into papers.authors_search. */
    nameSearch: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(name)`),
    affiliation: text('affiliation').notNull(),
    address: text('address').notNull(),
  },
  (t) => [uniqueIndex('paper_authors_paper_position_uq').on(t.paperId, t.position)],
);

/** One row per uploaded abstract or full-paper version; files are never overwritten. */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    kind: submissionKindEnum('kind').notNull(),
    version: integer('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    status: submissionVersionStatusEnum('status').notNull().default('current'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    resetBy: uuid('reset_by').references(() => users.id, { onDelete: 'set null' }),
    resetAt: timestamp('reset_at', { withTimezone: true }),
    resetReason: text('reset_reason'),
  },
  (t) => [uniqueIndex('submission_versions_paper_kind_version_uq').on(t.paperId, t.kind, t.version)],
);

export const adminFiles = pgTable(
  'admin_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull().default('review_comment_file'),
    description: text('description').notNull().default(''),
    visibleToUser: boolean('visible_to_user').notNull().default(true),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_files_paper_id_idx').on(t.paperId)],
);
