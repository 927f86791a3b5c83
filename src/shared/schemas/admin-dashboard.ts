import { z } from 'zod';
import { PAPER_STATUSES, PRESENTATION_MODES, THEMES, type PaperStatus } from '../constants.ts';

export const TABLE_PAGE_SIZES = [5, 10, 25, 50] as const;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const search = z.string().trim().max(200).default('');

export const userListQuerySchema = z.object({
  search,
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const paperListQuerySchema = z.object({
  search,
  status: z.enum(PAPER_STATUSES).optional(),
  theme: z.enum(THEMES).optional(),
  mode: z.enum(PRESENTATION_MODES).optional(),
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The Financial and Evaluation tables: one row per user and paper; users without one appear once. */
export const recordsQuerySchema = z.object({
  view: z.enum(['financial', 'evaluation']),
  search,
  filter: z.enum(['all', 'paid', 'unpaid', 'evaluated', 'pending']).default('all'),
  sort: z.enum(['submitted', 'score', 'name']).default('submitted'),
  page,
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 5, 10, 25 or 50.')
    .default(10),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

export interface ListPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface DashboardStats {
  totalUsers: number;
  total: number;
  byStatus: Record<PaperStatus, number>;
  fullPaperSubmitted: number;
  abstractOnlySubmitted: number;
  paymentCompleted: number;
  pendingPayment: number;
  presentationModes: Record<string, number>;
  themes: Record<string, number>;
  /** Papers submitted in the last 7 days. */
  activeThisWeek: number;
  usersWithPapers: number;
  evaluated: number;
  averageScore: number | null;
}

export interface RecentSubmission {
  _id: string;
  title: string;
  ictacemId: string;
  firstAuthor: string | null;
  submittedAt: string;
  status: PaperStatus;
}

export interface AdminUserRow {
  _id: string;
  username: string;
  email: string;
  customUserId: string;
  createdAt: string;
  paperCount: number;
  statusCounts: Record<PaperStatus, number>;
}

export interface RecordRow {
  user: { _id: string; username: string; email: string; customUserId: string };
  paper: {
    _id: string;
    title: string;
    status: PaperStatus;
    paymentId: string;
    /** Another paper records the same payment ID: the organizers should check both. */
    paymentIdShared: boolean;
    submittedAt: string;
    marks: number | null;
    evaluatedAt: string | null;
  } | null;
}

export interface RecordsSummary {
  totalSubmissions: number;
  paid: number;
  unpaid: number;
  noSubmissions: number;
  /** Percent, one decimal. */
  paymentRate: number;
  evaluated: number;
  pending: number;
  evaluationRate: number;
  averageScore: number | null;
}
