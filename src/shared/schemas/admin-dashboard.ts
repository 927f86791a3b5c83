import { z } from 'zod';
import { PAPER_STATUSES, type PaperStatus } from '../constants.ts';
import { isConfiguredChoice, presentationModeLabels, themeLabels } from '../conference.ts';
import { adminPaperSchema } from './admin-paper.ts';
import { okResponse } from './responses.ts';

export const TABLE_PAGE_SIZES = [5, 10, 25, 50] as const;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const search = z.string().trim().max(200).default('');

export const userListQuerySchema = z.object({
  search,
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const PAPER_LIST_SORTS = ['submitted', 'latestMessage', 'mean'] as const;
export type PaperListSort = (typeof PAPER_LIST_SORTS)[number];

/** What the paper list shows: also the audience of a bulk action, a message or an export. */
export const paperFilterSchema = z.object({
  search,
  status: z.enum(PAPER_STATUSES).optional(),
  theme: z.string().refine(isConfiguredChoice(themeLabels), 'Not one of the conference themes.').optional(),
  mode: z.string().refine(isConfiguredChoice(presentationModeLabels), 'Not one of the presentation modes.').optional(),
  /** 'paid': a payment ID entered (the spec's Paid: Entered and Confirmed); 'confirmed', 'entered' (not yet confirmed), 'unpaid'. */
  payment: z.enum(['paid', 'unpaid', 'confirmed', 'entered']).optional(),
  fullPaper: z.enum(['yes', 'no']).optional(),
  /** Papers whose author wrote in the chat after the admin asking last read it. */
  unread: z.enum(['yes']).optional(),
  /** Every counted review submitted (and at least one), or some still to come (or no reviewer yet). */
  reviews: z.enum(['complete', 'missing']).optional(),
  /** The submitted marks' spread at DISAGREEMENT_SPREAD or more ('yes'), or less ('no'). */
  disagreement: z.enum(['yes', 'no']).optional(),
  /** The committee's mean mark at least this; an empty value (`minMean=`) is no filter, not 0. */
  minMean: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(100).optional(),
  ),
  /** Papers with a decision entered and not yet released. */
  held: z.enum(['yes']).optional(),
  /** "No response": papers awaiting their author's response past its deadline (the paper's own if extended). */
  response: z.enum(['none']).optional(),
  /** The current abstract's preflight (PDF check) verdict. */
  preflight: z.enum(['passed', 'warnings', 'not_checked']).optional(),
  sort: z.enum(PAPER_LIST_SORTS).default('submitted'),
});
export type PaperFilterQuery = z.infer<typeof paperFilterSchema>;

export const paperListQuerySchema = paperFilterSchema.extend({
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaperListQuery = z.infer<typeof paperListQuerySchema>;

/** The Financial and Evaluation tables: one row per user and paper; users without one appear once. */
export const recordsQuerySchema = z.object({
  view: z.enum(['financial', 'evaluation']),
  search,
  filter: z
    .enum([
      'all',
      'paid',
      'confirmed',
      'entered',
      'unpaid',
      'evaluated',
      'pending',
      'reviewsComplete',
      'missingReviews',
      'disagreement',
    ])
    .default('all'),
  sort: z.enum(['submitted', 'score', 'mean', 'name']).default('submitted'),
  page,
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 5, 10, 25 or 50.')
    .default(10),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

export const listPaginationSchema = z
  .object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
  })
  .meta({ id: 'ListPagination' });
export type ListPagination = z.infer<typeof listPaginationSchema>;

const countsByStatus = z.object(
  Object.fromEntries(PAPER_STATUSES.map((status) => [status, z.number()])) as Record<PaperStatus, z.ZodNumber>,
);

export const dashboardStatsSchema = z
  .object({
    totalUsers: z.number(),
    total: z.number(),
    byStatus: countsByStatus,
    fullPaperSubmitted: z.number(),
    abstractOnlySubmitted: z.number(),
    /** The spec's counts: a payment ID entered (Entered and Confirmed together), and none. */
    paymentCompleted: z.number(),
    pendingPayment: z.number(),
    /** Confirmed by an organiser; entered and not yet confirmed (modules/payments). Unpaid is pendingPayment. */
    paymentConfirmed: z.number(),
    paymentEntered: z.number(),
    presentationModes: z.record(z.string(), z.number()),
    themes: z.record(z.string(), z.number()),
    /** Papers submitted in the last 7 days. */
    activeThisWeek: z.number(),
    usersWithPapers: z.number(),
    evaluated: z.number(),
    averageScore: z.number().nullable(),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const recentSubmissionSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    ictacemId: z.string(),
    firstAuthor: z.string().nullable(),
    submittedAt: z.string(),
    status: z.enum(PAPER_STATUSES),
  })
  .meta({ id: 'RecentSubmission' });
export type RecentSubmission = z.infer<typeof recentSubmissionSchema>;

export const adminUserRowSchema = z
  .object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    customUserId: z.string(),
    createdAt: z.string(),
    paperCount: z.number(),
    statusCounts: countsByStatus,
  })
  .meta({ id: 'AdminUserRow' });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** A paper's committee reviews combined (ReviewTally in shared/domain/reviews.ts). */
export const reviewTallySchema = z
  .object({
    assigned: z.number(),
    submitted: z.number(),
    mean: z.number().nullable(),
    spread: z.number().nullable(),
    disagreement: z.boolean(),
  })
  .meta({ id: 'ReviewTally' });

export const recordRowSchema = z
  .object({
    user: z.object({ _id: z.string(), username: z.string(), email: z.string(), customUserId: z.string() }),
    paper: z
      .object({
        _id: z.string(),
        title: z.string(),
        status: z.enum(PAPER_STATUSES),
        paymentId: z.string(),
        /** Another paper records the same payment ID: the organizers should check both. */
        paymentIdShared: z.boolean(),
        submittedAt: z.string(),
        marks: z.number().nullable(),
        evaluatedAt: z.string().nullable(),
        reviews: reviewTallySchema,
        /** A decision entered and not yet released: the author still sees `status`. */
        heldDecision: z.enum(['abstract_accepted', 'declined']).nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'RecordRow' });
export type RecordRow = z.infer<typeof recordRowSchema>;

export const recordsSummarySchema = z
  .object({
    totalSubmissions: z.number(),
    /** A payment ID entered (the spec's Paid): confirmed and entered together. */
    paid: z.number(),
    confirmed: z.number(),
    entered: z.number(),
    unpaid: z.number(),
    noSubmissions: z.number(),
    /** Percent, one decimal. */
    paymentRate: z.number(),
    evaluated: z.number(),
    pending: z.number(),
    evaluationRate: z.number(),
    averageScore: z.number().nullable(),
  })
  .meta({ id: 'RecordsSummary' });
export type RecordsSummary = z.infer<typeof recordsSummarySchema>;

export const dashboardStatsResponseSchema = okResponse({
  stats: dashboardStatsSchema,
  /** The 8 newest submissions. */
  recentSubmissions: z.array(recentSubmissionSchema),
});
export const adminUsersResponseSchema = okResponse({
  users: z.array(adminUserRowSchema),
  pagination: listPaginationSchema,
});
/** A row of the paper list: the paper, and its author's chat messages the asking admin has not read. */
export const adminPaperListRowSchema = adminPaperSchema
  .extend({ unreadMessages: z.number(), lastAuthorMessageAt: z.string().nullable(), reviews: reviewTallySchema })
  .meta({ id: 'AdminPaperListRow' });
export type AdminPaperListRow = z.infer<typeof adminPaperListRowSchema>;

export const adminPapersResponseSchema = okResponse({
  papers: z.array(adminPaperListRowSchema),
  pagination: listPaginationSchema,
});
export const recordsResponseSchema = okResponse({
  rows: z.array(recordRowSchema),
  summary: recordsSummarySchema,
  pagination: listPaginationSchema,
});
