import { z } from 'zod';
import { PAPER_STATUSES } from '../constants.ts';
import { isConfiguredChoice, presentationModeLabels, themeLabels } from '../conference.ts';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { asOneLine, publishable, withLineFeeds } from '../domain/publishable-text.ts';
import { paperDeadlinesSchema } from './deadlines.ts';
import { atMostCharacters } from './field-messages.ts';
import { okResponse } from './responses.ts';
import { PAPER_MESSAGES } from '../domain/paper-messages.ts';

export { PAPER_MESSAGES } from '../domain/paper-messages.ts';

export const PAPER_LIMITS = {
  titleMax: 300,
  ictacemIdMax: 40,
  authorsMax: 20,
  authorNameMax: 200,
  affiliationMax: 300,
  addressMax: 500,
  paymentIdMax: 100,
} as const;

export const authorSchema = z
  .object({
    // Labelled here: the wizard checks the authors list apart from the paper, where no key says "author".
    name: z
      .string()
      .trim()
      .min(1, PAPER_MESSAGES.allAuthorFieldsRequired)
      .max(PAPER_LIMITS.authorNameMax, atMostCharacters('Author name', PAPER_LIMITS.authorNameMax)),
    affiliation: z
      .string()
      .trim()
      .min(1, PAPER_MESSAGES.allAuthorFieldsRequired)
      .max(PAPER_LIMITS.affiliationMax, atMostCharacters('Author affiliation', PAPER_LIMITS.affiliationMax)),
    address: z
      .string()
      .trim()
      .min(1, PAPER_MESSAGES.allAuthorFieldsRequired)
      .max(PAPER_LIMITS.addressMax, atMostCharacters('Author address', PAPER_LIMITS.addressMax)),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

/**
 * An author as typed: the name and affiliation are printed in the Book of Abstracts, the letters
 * and the programme, and published in the schedule's feeds.
 */
const authorInputSchema = authorSchema.extend({
  name: authorSchema.shape.name
    .overwrite(asOneLine)
    .superRefine(printableInPdfs('Author name'))
    .superRefine(publishable('Author name')),
  affiliation: authorSchema.shape.affiliation
    .overwrite(asOneLine)
    .superRefine(printableInPdfs('Affiliation'))
    .superRefine(publishable('Affiliation')),
  address: authorSchema.shape.address.overwrite(withLineFeeds).superRefine(publishable('Author address')),
});

/** The text fields of POST /api/papers/submit (multipart; authors arrive as a JSON list). */
export const paperSubmissionSchema = z.object({
  title: z
    .string()
    .overwrite(asOneLine)
    .trim()
    .min(1, PAPER_MESSAGES.allFieldsRequired)
    .max(PAPER_LIMITS.titleMax)
    .superRefine(printableInPdfs('Title'))
    .superRefine(publishable('Title')),
  theme: z
    .string(PAPER_MESSAGES.allFieldsRequired)
    .refine(isConfiguredChoice(themeLabels), PAPER_MESSAGES.allFieldsRequired),
  ictacemId: z
    .string()
    .trim()
    .min(1, PAPER_MESSAGES.allFieldsRequired)
    .max(PAPER_LIMITS.ictacemIdMax)
    .regex(/^[A-Za-z0-9_-]+$/, 'The ID may contain only letters, digits, - and _')
    // The author's own conference ID is the only one accepted, so it may be left out.
    .optional(),
  modeOfPresentation: z
    .string(PAPER_MESSAGES.allFieldsRequired)
    .refine(isConfiguredChoice(presentationModeLabels), PAPER_MESSAGES.allFieldsRequired),
  authors: z.array(authorInputSchema).min(1, PAPER_MESSAGES.allAuthorFieldsRequired).max(PAPER_LIMITS.authorsMax),
});

export const paymentBodySchema = z.object({
  paymentId: z
    .string()
    .trim()
    .min(1, PAPER_MESSAGES.paymentIdInvalid)
    .max(PAPER_LIMITS.paymentIdMax, PAPER_MESSAGES.paymentIdInvalid)
    // Printed in the visa letter.
    .superRefine(publishable('Payment ID')),
});

export const adminSharedFileSchema = z
  .object({
    _id: z.string(),
    fileName: z.string(),
    fileType: z.string(),
    description: z.string(),
    uploadedAt: z.string(),
    visibleToUser: z.boolean(),
    /** Where the author opens it in a new tab. */
    viewUrl: z.string(),
  })
  .meta({ id: 'SharedFile' });

/** A paper as its author sees it: never the confidential evaluation. */
export const authorPaperSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    theme: z.string(),
    ictacemId: z.string(),
    modeOfPresentation: z.string().nullable(),
    authors: z.array(authorSchema),
    status: z.enum(PAPER_STATUSES),
    review: z.string(),
    paymentId: z.string(),
    submittedAt: z.string(),
    createdAt: z.string(),
    fullPaperSubmittedAt: z.string().nullable(),
    /** URL of the current abstract PDF, or null after an admin reset (the author must re-upload). */
    pdfPath: z.string().nullable(),
    /** URL of the full paper PDF, or null when none is submitted. */
    fullPaperPdfPath: z.string().nullable(),
    adminUploadedFiles: z.array(adminSharedFileSchema),
    user: z.string(),
    /** Until when each author step is open for this paper, extensions included. */
    deadlines: paperDeadlinesSchema,
  })
  .meta({ id: 'AuthorPaper' });
export type AuthorPaper = z.infer<typeof authorPaperSchema>;

/** GET /papers/user answers the bare list (as the spec has it), without the envelope. */
export const ownPapersResponseSchema = z.array(authorPaperSchema);
export const submissionCountResponseSchema = okResponse({ count: z.number() });
export const paperResponseSchema = okResponse({ paper: authorPaperSchema });
export const paperChangedResponseSchema = okResponse({ message: z.string(), paper: authorPaperSchema });
