import { z } from 'zod';
import { PREFLIGHT_VERDICTS } from '../domain/preflight-verdicts.ts';
import { okResponse } from './responses.ts';

export { PREFLIGHT_VERDICT_LABELS, PREFLIGHT_VERDICTS, type PreflightVerdict } from '../domain/preflight-verdicts.ts';

/** What a PDF is checked as: its page limits differ. */
export const PREFLIGHT_KINDS = ['abstract', 'full_paper'] as const;
export type PreflightKind = (typeof PREFLIGHT_KINDS)[number];

/** refused: the upload is not taken; warning: taken, and shown to the author and the organisers. */
export const PREFLIGHT_SEVERITIES = ['refused', 'warning'] as const;
export type PreflightSeverity = (typeof PREFLIGHT_SEVERITIES)[number];

export const PREFLIGHT_FINDING_CODES = [
  'unreadable',
  'encrypted',
  'too_many_pages',
  'too_few_pages',
  'javascript',
  'launch_action',
  'other_action',
  'embedded_files',
  'fonts_not_embedded',
  'type3_fonts',
  'page_size',
  'mixed_page_sizes',
  'scanned',
] as const;
export type PreflightFindingCode = (typeof PREFLIGHT_FINDING_CODES)[number];

export const preflightFindingSchema = z
  .object({
    code: z.enum(PREFLIGHT_FINDING_CODES),
    severity: z.enum(PREFLIGHT_SEVERITIES),
    /** In the author's words. */
    message: z.string(),
  })
  .meta({ id: 'PreflightFinding' });
export type PreflightFinding = z.infer<typeof preflightFindingSchema>;

export const preflightFontSchema = z
  .object({
    name: z.string(),
    /** Type1, TrueType, Type0, Type3, ... as the PDF declares it. */
    type: z.string(),
    embedded: z.boolean(),
  })
  .meta({ id: 'PreflightFont' });
export type PreflightFont = z.infer<typeof preflightFontSchema>;

export const preflightReportSchema = z
  .object({
    sha256: z.string(),
    kind: z.enum(PREFLIGHT_KINDS),
    verdict: z.enum(PREFLIGHT_VERDICTS),
    /** 0 when the file could not be read. */
    pageCount: z.number(),
    /** "A4", "Letter" or "210 × 297 mm", one per distinct size; empty when unread. */
    pageSizes: z.array(z.string()),
    fonts: z.array(preflightFontSchema),
    findings: z.array(preflightFindingSchema),
    checkedAt: z.string(),
  })
  .meta({ id: 'PreflightReport' });
export type PreflightReport = z.infer<typeof preflightReportSchema>;

/** POST /api/papers/preflight: a chosen file's report, before it is submitted. */
export const preflightResponseSchema = okResponse({ report: preflightReportSchema });

/**
 * What a PDF is, measured once per file by its structure (pdf-lib's parser, never patterns over
 * bytes). Kind-independent: the page limits and the wording are applied later
 * (server: modules/preflight/preflight-findings.ts), so a changed limit needs no new run. Stored as JSON by the file's hash.
 */
export interface PdfFacts {
  /** false: the file could not be parsed as a PDF (or has no pages); nothing else is measured. */
  readable: boolean;
  encrypted: boolean;
  pageCount: number;
  /** Distinct page sizes in points, portrait (short side first), with how many pages have each. */
  pageSizes: { width: number; height: number; pages: number }[];
  fonts: { name: string; type: string; embedded: boolean }[];
  /** Action types found (JavaScript, Launch, SubmitForm, ...), each with where it was found. */
  actions: { type: string; where: string }[];
  embeddedFiles: number;
  /** Pages whose resources (or their forms') name at least one font: text a reader can extract. */
  pagesWithText: number;
  /** Pages that draw at least one image. */
  pagesWithImages: number;
}

/** What a file yields when it cannot be read as a PDF. */
export const UNREADABLE: PdfFacts = {
  readable: false,
  encrypted: false,
  pageCount: 0,
  pageSizes: [],
  fonts: [],
  actions: [],
  embeddedFiles: 0,
  pagesWithText: 0,
  pagesWithImages: 0,
};

/** The organiser's page limits; null: no limit (the pages are only reported). */
export const pageLimitsSchema = z
  .object({
    abstractMinPages: z.number().int().min(1).max(1000).nullable(),
    abstractMaxPages: z.number().int().min(1).max(1000).nullable(),
    fullPaperMinPages: z.number().int().min(1).max(1000).nullable(),
    fullPaperMaxPages: z.number().int().min(1).max(1000).nullable(),
  })
  .meta({ id: 'PageLimits' });
export type PageLimits = z.infer<typeof pageLimitsSchema>;

export const NO_PAGE_LIMITS: PageLimits = {
  abstractMinPages: null,
  abstractMaxPages: null,
  fullPaperMinPages: null,
  fullPaperMaxPages: null,
};

export const PAGE_LIMIT_MESSAGES = {
  minAboveMax: 'The minimum number of pages cannot be above the maximum.',
  saved: 'Page limits saved.',
} as const;

export const updatePageLimitsBodySchema = pageLimitsSchema
  .refine(
    (v) => v.abstractMinPages === null || v.abstractMaxPages === null || v.abstractMinPages <= v.abstractMaxPages,
    {
      error: PAGE_LIMIT_MESSAGES.minAboveMax,
      path: ['abstractMinPages'],
    },
  )
  .refine(
    (v) => v.fullPaperMinPages === null || v.fullPaperMaxPages === null || v.fullPaperMinPages <= v.fullPaperMaxPages,
    { error: PAGE_LIMIT_MESSAGES.minAboveMax, path: ['fullPaperMinPages'] },
  );

/** GET and PUT /api/admin/settings/page-limits. */
export const pageLimitsResponseSchema = okResponse({ limits: pageLimitsSchema });
export const updatePageLimitsResponseSchema = okResponse({ message: z.string(), limits: pageLimitsSchema });

/** The admin paper page: the report of the paper's abstract and full paper (null: none, or not checked). */
export const paperPreflightResponseSchema = okResponse({
  abstract: preflightReportSchema.nullable(),
  fullPaper: preflightReportSchema.nullable(),
});

/** GET /api/admin/book-preflight: what the printer may refuse in the Book of Abstracts, before it is built. */
export const bookPreflightResponseSchema = okResponse({
  /** Accepted papers with an abstract. */
  abstracts: z.number(),
  fontsNotEmbedded: z.array(z.object({ ictacemId: z.string(), title: z.string(), fonts: z.array(z.string()) })),
  notA4: z.array(z.object({ ictacemId: z.string(), title: z.string(), sizes: z.array(z.string()) })),
  notChecked: z.number(),
  /** The sentences shown before "Build", e.g. "12 abstracts have fonts that are not embedded: a printer may refuse the book". */
  messages: z.array(z.string()),
});
export type BookPreflight = Omit<z.infer<typeof bookPreflightResponseSchema>, 'success'>;
