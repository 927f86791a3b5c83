import { z } from 'zod';
import { okResponse } from './responses.ts';
import { paperAudienceSchema } from './paper-audience.ts';

export const JOB_KINDS = [
  'book_of_abstracts',
  'paper_files_zip',
  'payment_receipts_zip',
  'certificates_zip',
  'certificates_mail',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PAPER_FILE_KINDS = ['abstract', 'full_paper'] as const;
export type PaperFileKind = (typeof PAPER_FILE_KINDS)[number];
export const PAPER_FILE_KIND_LABELS: Record<PaperFileKind, string> = { abstract: 'Abstract', full_paper: 'Full Paper' };

export const JOB_TEXTS = {
  alreadyRunning: {
    book_of_abstracts: 'A Book of Abstracts is already being built. Wait for it to finish, then ask again.',
    paper_files_zip: 'A files ZIP is already being made. Wait for it to finish, then ask again.',
    payment_receipts_zip: 'A receipts ZIP is already being made. Wait for it to finish, then ask again.',
    certificates_zip: 'A certificates ZIP is already being made. Wait for it to finish, then ask again.',
    certificates_mail: 'Certificates are already being sent. Wait for it to finish, then ask again.',
  } satisfies Record<JobKind, string>,
  notFound: 'Job not found.',
  notReady: 'This file is not ready: the job has not finished.',
  noAcceptedPapers: 'No paper is accepted yet: the Book of Abstracts would be empty.',
  noProgramme: 'The programme is not published yet: order the book by theme, or publish the programme first.',
  chooseFiles: 'Choose abstracts, full papers or both.',
} as const;

export const BOOK_ORDERS = ['theme', 'programme'] as const;
export type BookOrder = (typeof BOOK_ORDERS)[number];

/**
 * The Book of Abstracts: every accepted paper's abstract, by theme, or in the order of the
 * published programme (grouped by session; papers not in it after, by theme).
 */
export const bookRequestSchema = z.object({
  kind: z.literal('book_of_abstracts'),
  order: z.enum(BOOK_ORDERS).default('theme'),
  /** "Embed the standard fonts it can substitute": on unless turned off. */
  embedStandardFonts: z.boolean().default(true),
});
/** The abstracts and/or full papers of a selection or filter, with a manifest. */
export const filesZipRequestSchema = z.object({
  kind: z.literal('paper_files_zip'),
  audience: paperAudienceSchema,
  files: z
    .array(z.enum(PAPER_FILE_KINDS, JOB_TEXTS.chooseFiles))
    .min(1, JOB_TEXTS.chooseFiles)
    .max(PAPER_FILE_KINDS.length),
});
export type FilesZipRequest = z.infer<typeof filesZipRequestSchema>;
/** Every confirmed payment's receipt, with a manifest. */
export const receiptsZipRequestSchema = z.object({ kind: z.literal('payment_receipts_zip') });
/** Every certificate participants may have, with a manifest (modules/certificates). */
export const certificatesZipRequestSchema = z.object({ kind: z.literal('certificates_zip') });
/** Every participant's certificates e-mailed to them through the outbox, with a list of what was sent. */
export const certificatesMailRequestSchema = z.object({ kind: z.literal('certificates_mail') });
export const jobRequestSchema = z.discriminatedUnion('kind', [
  bookRequestSchema,
  filesZipRequestSchema,
  receiptsZipRequestSchema,
  certificatesZipRequestSchema,
  certificatesMailRequestSchema,
]);
export type JobRequest = z.infer<typeof jobRequestSchema>;

/** A file a job could not take, and why (the book's unreadable abstracts, the ZIP's missing files). */
export const jobProblemSchema = z.object({ ictacemId: z.string(), title: z.string(), reason: z.string() });
export type JobProblem = z.infer<typeof jobProblemSchema>;

/** What the last Book of Abstracts holds: its fonts, and each abstract with its preflight verdict. */
export const bookReportSchema = z.object({
  embedStandardFonts: z.boolean(),
  /** How many abstracts had standard fonts embedded by the book. */
  abstractsWithFontsEmbedded: z.number(),
  /** Abstracts whose fonts are still not embedded: fonts no standard font replaces (or all, when not asked). */
  fontsNotEmbedded: z.array(z.object({ ictacemId: z.string(), title: z.string(), fonts: z.array(z.string()) })),
  /** The manifest: each abstract in the book in order, its start page, and the upload's preflight verdict. */
  abstracts: z.array(
    z.object({
      ictacemId: z.string(),
      title: z.string(),
      startPage: z.number(),
      preflight: z.string(),
      fontsEmbedded: z.array(z.string()),
    }),
  ),
});
export type BookReport = z.infer<typeof bookReportSchema>;

export const backgroundJobSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(JOB_KINDS),
    status: z.enum(JOB_STATUSES),
    progressDone: z.number(),
    progressTotal: z.number(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    requestedBy: z.string().nullable(),
    error: z.string().nullable(),
    problems: z.array(jobProblemSchema),
    /** A finished Book of Abstracts' report; null for other jobs and for books built before it was kept. */
    book: bookReportSchema.nullable(),
    /** Where the finished file downloads; null until the job is done. */
    downloadPath: z.string().nullable(),
    fileName: z.string().nullable(),
    sizeBytes: z.number().nullable(),
  })
  .meta({ id: 'BackgroundJob' });
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const jobResponseSchema = okResponse({ job: backgroundJobSchema });
export const latestJobQuerySchema = z.object({ kind: z.enum(JOB_KINDS) });
export const latestJobResponseSchema = okResponse({ job: backgroundJobSchema.nullable() });
