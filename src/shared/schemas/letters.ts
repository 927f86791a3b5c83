import { z } from 'zod';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { listPaginationSchema } from './admin-dashboard.ts';
import { okResponse } from './responses.ts';
import { CURRENCIES } from '../domain/fees.ts';
import { LETTER_KINDS, LETTER_TEXTS, VISA_LIMITS, VISA_REQUEST_STATUSES } from '../domain/letters.ts';
import { CERTIFICATE_KINDS } from '../domain/certificates.ts';

/** Letters and marks of any script, with the separators names use; never digits. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

/** A calendar date written YYYY-MM-DD that exists (not 2001-02-30), as UTC midnight; null otherwise. */
export function parseCalendarDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? date : null;
}

/** Why a date of birth cannot be a conference author's (a real past date, an adult-ish age), or null. */
export function dateOfBirthProblem(value: string, today = new Date()): string | null {
  const date = parseCalendarDate(value);
  if (!date) return LETTER_TEXTS.dateOfBirthInvalid;
  if (date.getTime() > today.getTime()) return LETTER_TEXTS.dateOfBirthFuture;
  const yearsAgo = (years: number) => Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > yearsAgo(VISA_LIMITS.minAge) || date.getTime() < yearsAgo(VISA_LIMITS.maxAge))
    return LETTER_TEXTS.dateOfBirthImplausible;
  return null;
}

/** Passport numbers are copied by hand: spaces dropped and upper case, as the passport prints them. */
export function normalizePassportNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const spacedOnce = (value: string) => value.trim().replace(/\s+/g, ' ');

export const visaRequestBodySchema = z.object({
  fullNameAsInPassport: z
    .string()
    .transform(spacedOnce)
    .pipe(
      z
        .string()
        .min(1, LETTER_TEXTS.fullNameRequired)
        .max(VISA_LIMITS.fullName, LETTER_TEXTS.fullNameTooLong)
        .regex(NAME_PATTERN, LETTER_TEXTS.fullNameInvalid)
        .superRefine(printableInPdfs('Full name as in the passport')),
    ),
  nationality: z
    .string()
    .transform(spacedOnce)
    .pipe(
      z
        .string()
        .min(1, LETTER_TEXTS.nationalityRequired)
        .max(VISA_LIMITS.nationality, LETTER_TEXTS.nationalityTooLong)
        .regex(NAME_PATTERN, LETTER_TEXTS.nationalityInvalid)
        .superRefine(printableInPdfs('Nationality')),
    ),
  passportNumber: z
    .string()
    .max(100, LETTER_TEXTS.passportInvalid)
    .transform(normalizePassportNumber)
    .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, LETTER_TEXTS.passportInvalid)),
  dateOfBirth: z
    .string()
    .trim()
    .superRefine((value, check) => {
      const problem = dateOfBirthProblem(value);
      if (problem) check.addIssue({ code: 'custom', message: problem });
    }),
});
export type VisaRequestBody = z.input<typeof visaRequestBodySchema>;

export const visaDeclineBodySchema = z.object({
  note: z.string().trim().min(1, LETTER_TEXTS.noteRequired).max(VISA_LIMITS.note, LETTER_TEXTS.noteTooLong),
});

const visaRequestFields = {
  _id: z.string(),
  status: z.enum(VISA_REQUEST_STATUSES),
  fullNameAsInPassport: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  dateOfBirth: z.string(),
  /** Why it was declined (empty otherwise). */
  adminNote: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The visa letter's download address once approved (the caller's own route: author or admin). */
  letterPath: z.string().nullable(),
};

/** A request as its author sees it. */
export const visaRequestSchema = z.object(visaRequestFields).meta({ id: 'VisaRequest' });
export type VisaRequest = z.infer<typeof visaRequestSchema>;

const paperReference = z.object({ _id: z.string(), ictacemId: z.string(), title: z.string() });

export const ownVisaRequestsResponseSchema = okResponse({
  paper: paperReference,
  /** Newest first. */
  requests: z.array(visaRequestSchema),
});

export const visaRequestCreatedResponseSchema = okResponse({ message: z.string(), request: visaRequestSchema });

/** A request as the organisers review it. */
export const adminVisaRequestSchema = z
  .object({
    ...visaRequestFields,
    paper: paperReference.nullable(),
    author: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
    /** The admin who decided, by name. */
    decidedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminVisaRequest' });
export type AdminVisaRequest = z.infer<typeof adminVisaRequestSchema>;

export const adminVisaRequestListQuerySchema = z.object({
  status: z.enum(VISA_REQUEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminVisaRequestListQuery = z.infer<typeof adminVisaRequestListQuerySchema>;

export const adminVisaRequestListResponseSchema = okResponse({
  /** Pending first, the longest waiting at the top; then the decided ones, latest decision first. */
  requests: z.array(adminVisaRequestSchema),
  pagination: listPaginationSchema,
});

export const visaRequestDecidedResponseSchema = okResponse({ message: z.string(), request: adminVisaRequestSchema });

/** What the public page shows about a letter: never the passport number, nationality or date of birth. */
export const verifiedPaperLetterSchema = z
  .object({
    kind: z.enum(LETTER_KINDS),
    issuedAt: z.string(),
    holderName: z.string(),
    ictacemId: z.string(),
    paperTitle: z.string(),
    /** The paper is no longer accepted: the letter does not stand any more. */
    withdrawn: z.boolean(),
  })
  .meta({ id: 'VerifiedPaperLetter' });
export type VerifiedPaperLetter = z.infer<typeof verifiedPaperLetterSchema>;

/** What the public page shows about a payment receipt: never the payer's name or the payment ID. */
export const verifiedReceiptSchema = z
  .object({
    kind: z.literal('receipt'),
    issuedAt: z.string(),
    /** As printed, "00042". */
    receiptNumber: z.string(),
    ictacemId: z.string(),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    /** The calendar day the money arrived, "2025-11-12". */
    receivedOn: z.string(),
    /** The confirmation no longer stands (the paper is gone, or the payment was reversed). */
    withdrawn: z.boolean(),
  })
  .meta({ id: 'VerifiedReceipt' });
export type VerifiedReceipt = z.infer<typeof verifiedReceiptSchema>;

/** What the public page shows about a certificate: its holder, kind, conference and date, nothing else. */
export const verifiedCertificateSchema = z
  .object({
    kind: z.enum(CERTIFICATE_KINDS),
    holderName: z.string(),
    conference: z.string(),
    /** The days it attests, as printed: the conference's for participation, the presentation's day. */
    date: z.string(),
    /** Withdrawn by the organisers, or replaced by a reissued certificate. */
    withdrawn: z.boolean(),
    /** Withdrawn because a certificate with a corrected name took its place. */
    replaced: z.boolean(),
  })
  .meta({ id: 'VerifiedCertificate' });
export type VerifiedCertificate = z.infer<typeof verifiedCertificateSchema>;

/** Each kind of document the verification page checks, told apart by its kind. */
export const verifiedLetterSchema = z.discriminatedUnion('kind', [
  verifiedPaperLetterSchema,
  verifiedReceiptSchema,
  verifiedCertificateSchema,
]);
export type VerifiedLetter = z.infer<typeof verifiedLetterSchema>;

export const letterVerificationResponseSchema = okResponse({
  /** Issued by the site and not withdrawn. */
  valid: z.boolean(),
  /** Null when no letter has the code: an answer to the check, not a missing page (no 404 for the browser to log). */
  letter: verifiedLetterSchema.nullable(),
});
