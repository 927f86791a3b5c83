import { PREFLIGHT_VERDICTS } from './preflight.ts';
import { z } from 'zod';
import { heldDecisionSchema } from './decision-release.ts';
import { reuploadUntilSchema } from './deadlines.ts';
import { PAPER_STATUSES, type PaperStatus } from '../constants.ts';
import { adminSharedFileSchema, authorPaperSchema } from './paper.ts';
import { okResponse } from './responses.ts';
import { publicUserSchema } from './user.ts';

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
  /** With a reset: the author may upload again until then; without, until the upload is done. */
  reuploadUntil: reuploadUntilSchema,
});
export const toggleFullPaperBodySchema = toggleAbstractBodySchema
  .omit({ resetAbstract: true })
  .extend({ resetFullPaper: z.boolean() });

export const adminFileVisibilityBodySchema = z.object({ visibleToUser: z.boolean() });

const namedUser = z.object({ _id: z.string(), username: z.string() });

export const adminEvaluationSchema = z
  .object({
    marks: z.number().nullable(),
    confidentialComments: z.string(),
    reviewedBy: namedUser.nullable(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminEvaluation' });
export type AdminEvaluation = z.infer<typeof adminEvaluationSchema>;

export const adminFileSchema = adminSharedFileSchema
  .extend({ uploadedBy: z.string().nullable() })
  .meta({ id: 'AdminFile' });

/** A paper as an admin sees it: everything the author sees, plus what only admins may. */
export const adminPaperSchema = authorPaperSchema
  .extend({
    adminUploadedFiles: z.array(adminFileSchema),
    adminEvaluation: adminEvaluationSchema,
    /** Who last set the status or review comments, and when. */
    reviewer: namedUser.nullable(),
    reviewedAt: z.string().nullable(),
    /** Optimistic-lock counter; send it back with a toggle to detect a concurrent change. */
    version: z.number(),
    /** A decision entered and not yet released: the author still sees the paper as it is. */
    heldDecision: heldDecisionSchema.nullable(),
    /** The preflight of the current abstract as checked at upload; not_checked for files from before the check. */
    preflight: z.enum(PREFLIGHT_VERDICTS),
  })
  .meta({ id: 'AdminPaper' });
export type AdminPaper = z.infer<typeof adminPaperSchema>;

export const submissionHistoryEntrySchema = z
  .object({
    _id: z.string(),
    version: z.number(),
    submittedAt: z.string(),
    fileName: z.string(),
    status: z.enum(['current', 'superseded', 'reset_by_admin']),
    resetBy: z.string().nullable(),
    resetAt: z.string().nullable(),
    resetReason: z.string().nullable(),
    viewUrl: z.string(),
  })
  .meta({ id: 'SubmissionHistoryEntry' });
export type SubmissionHistoryEntry = z.infer<typeof submissionHistoryEntrySchema>;

export const adminActionEntrySchema = z
  .object({
    _id: z.string(),
    adminAction: z.string(),
    actionAt: z.string(),
    performedBy: z.string().nullable(),
    previousStatus: z.enum(PAPER_STATUSES).nullable(),
    newStatus: z.enum(PAPER_STATUSES).nullable(),
    reviewComments: z.string().nullable(),
  })
  .meta({ id: 'AdminActionEntry' });
export type AdminActionEntry = z.infer<typeof adminActionEntrySchema>;

export const paperHistorySchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    abstractSubmissionHistory: z.array(submissionHistoryEntrySchema),
    fullPaperSubmissionHistory: z.array(submissionHistoryEntrySchema),
    adminActions: z.array(adminActionEntrySchema),
  })
  .meta({ id: 'PaperHistory' });
export type PaperHistory = z.infer<typeof paperHistorySchema>;

export const userPaperCountsSchema = z.object({
  count: z.number(),
  ...(Object.fromEntries(PAPER_STATUSES.map((status) => [status, z.number()])) as Record<PaperStatus, z.ZodNumber>),
});
export type UserPaperCounts = z.infer<typeof userPaperCountsSchema>;

export const adminPaperDetailsResponseSchema = okResponse({
  paper: adminPaperSchema,
  /** The submitter; null when the account is gone. */
  user: publicUserSchema.nullable(),
});
export const adminPaperChangedResponseSchema = okResponse({ message: z.string(), paper: adminPaperSchema });
export const evaluationResponseSchema = okResponse({ evaluation: adminEvaluationSchema });
export const evaluationSavedResponseSchema = okResponse({
  message: z.string(),
  paper: z.object({ _id: z.string(), adminEvaluation: adminEvaluationSchema }),
});
export const paperHistoryResponseSchema = okResponse({ paper: paperHistorySchema });
export const adminFileUploadedResponseSchema = okResponse({
  message: z.string(),
  paper: adminPaperSchema,
  file: adminFileSchema,
});
export const adminFileResponseSchema = okResponse({ file: adminFileSchema });
export const userPapersResponseSchema = okResponse({ papers: z.array(adminPaperSchema) });
export const userPaperCountsResponseSchema = okResponse(userPaperCountsSchema.shape);
