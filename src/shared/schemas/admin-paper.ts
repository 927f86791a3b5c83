import { z } from 'zod';
import type { PaperStatus } from '../constants.ts';
import type { AuthorPaper } from './paper.ts';

export const ADMIN_MESSAGES = {
  marksRange: 'Marks must be between 0 and 100',
  marksWhole: 'Marks must be a whole number from 0 to 100',
  marksClearConflict: 'Send either marks or clearMarks, not both.',
  marksWouldErase: 'This paper already has marks. Enter marks from 0 to 100, or choose "Clear marks" to remove them.',
  onlyPdf: 'Please select a PDF file only.',
  noFile: 'Please select a file to upload.',
  fileUploaded: 'File uploaded successfully',
  fileDeleted: 'File deleted successfully.',
  conflict: 'This paper was changed by another administrator. Reload it and try again.',
} as const;

/**
 * Marks are a whole number 0-100. `null` (the spec's empty score) is taken only while the paper
 * has no marks; removing saved marks takes the explicit `clearMarks: true`. Without `marks` the
 * saved marks stay as they are (a comments-only save).
 */
export const evaluationBodySchema = z
  .object({
    marks: z
      .number(ADMIN_MESSAGES.marksWhole)
      .int(ADMIN_MESSAGES.marksWhole)
      .min(0, ADMIN_MESSAGES.marksRange)
      .max(100, ADMIN_MESSAGES.marksRange)
      .nullable()
      .optional(),
    clearMarks: z.boolean().optional(),
    confidentialComments: z.string().max(20_000).default(''),
  })
  .refine((body) => !(body.clearMarks && typeof body.marks === 'number'), ADMIN_MESSAGES.marksClearConflict);
export type EvaluationBody = z.infer<typeof evaluationBodySchema>;

/** Reset (true) or restore (false) a submission; the reason is recorded in the history. */
export const toggleAbstractBodySchema = z.object({
  resetAbstract: z.boolean(),
  reason: z.string().trim().max(2000).default(''),
  /** The paper version the admin saw; a stale one answers 409 instead of overwriting. */
  version: z.number().int().positive().optional(),
});
export const toggleFullPaperBodySchema = toggleAbstractBodySchema
  .omit({ resetAbstract: true })
  .extend({ resetFullPaper: z.boolean() });

export const adminFileVisibilityBodySchema = z.object({ visibleToUser: z.boolean() });

export interface AdminEvaluation {
  marks: number | null;
  confidentialComments: string;
  reviewedBy: { _id: string; username: string } | null;
  reviewedAt: string | null;
}

/** A paper as an admin sees it: everything the author sees, plus what only admins may. */
export interface AdminPaper extends Omit<AuthorPaper, 'adminUploadedFiles'> {
  adminUploadedFiles: (AuthorPaper['adminUploadedFiles'][number] & { uploadedBy: string | null })[];
  adminEvaluation: AdminEvaluation;
  /** Who last set the status or review comments, and when. */
  reviewer: { _id: string; username: string } | null;
  reviewedAt: string | null;
  /** Optimistic-lock counter; send it back with a toggle to detect a concurrent change. */
  version: number;
}

export interface SubmissionHistoryEntry {
  _id: string;
  version: number;
  submittedAt: string;
  fileName: string;
  status: 'current' | 'superseded' | 'reset_by_admin';
  resetBy: string | null;
  resetAt: string | null;
  resetReason: string | null;
  viewUrl: string;
}

export interface AdminActionEntry {
  _id: string;
  adminAction: string;
  actionAt: string;
  performedBy: string | null;
  previousStatus: PaperStatus | null;
  newStatus: PaperStatus | null;
  reviewComments: string | null;
}

export interface PaperHistory {
  _id: string;
  title: string;
  abstractSubmissionHistory: SubmissionHistoryEntry[];
  fullPaperSubmissionHistory: SubmissionHistoryEntry[];
  adminActions: AdminActionEntry[];
}

export interface UserPaperCounts {
  count: number;
  review_awaited: number;
  review_in_progress: number;
  author_response_awaited: number;
  abstract_accepted: number;
  declined: number;
}
