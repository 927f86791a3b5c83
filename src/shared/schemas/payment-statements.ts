import { z } from 'zod';
import { CURRENCIES, RATES } from '../domain/fees.ts';
import {
  DATE_FORMATS,
  DECIMAL_SEPARATORS,
  ROW_CLASSES,
  ROW_RESOLUTIONS,
  STATEMENT_FORMATS,
  STATEMENT_LIMITS,
} from '../domain/payment-statements.ts';
import { publishable } from '../domain/publishable-text.ts';
import { okResponse } from './responses.ts';

const columnName = z.string().trim().min(1, 'Choose a column.').max(STATEMENT_LIMITS.maxCellChars);
const optionalColumn = z
  .string()
  .trim()
  .max(STATEMENT_LIMITS.maxCellChars)
  .transform((text) => (text === '' ? null : text))
  .nullable();

/** PUT /mapping: an optional column left empty ("") means the file has none. */
export const columnMappingBodySchema = z.object({
  paymentId: columnName,
  amount: columnName,
  currency: optionalColumn,
  receivedOn: columnName,
  payerName: optionalColumn,
  decimalSeparator: z.enum(DECIMAL_SEPARATORS),
  dateFormat: z.enum(DATE_FORMATS),
  defaultCurrency: z.enum(CURRENCIES),
});
export type ColumnMappingBody = z.input<typeof columnMappingBodySchema>;

export const columnMappingSchema = z
  .object({
    paymentId: z.string(),
    amount: z.string(),
    currency: z.string().nullable(),
    receivedOn: z.string(),
    payerName: z.string().nullable(),
    decimalSeparator: z.enum(DECIMAL_SEPARATORS),
    dateFormat: z.enum(DATE_FORMATS),
    defaultCurrency: z.enum(CURRENCIES),
  })
  .meta({ id: 'StatementColumnMapping' });

export const columnMappingResponseSchema = okResponse({ mapping: columnMappingSchema.nullable() });
export const saveColumnMappingResponseSchema = okResponse({ message: z.string(), mapping: columnMappingSchema });

export const statementSummarySchema = z
  .object({
    _id: z.string(),
    fileName: z.string(),
    format: z.enum(STATEMENT_FORMATS),
    encoding: z.string(),
    rowCount: z.number().int(),
    importedBy: z.string().nullable(),
    importedAt: z.string(),
  })
  .meta({ id: 'PaymentStatementSummary' });
export type StatementSummary = z.infer<typeof statementSummarySchema>;

const paperRefSchema = z.object({
  paperId: z.string(),
  ictacemId: z.string(),
  title: z.string(),
  paymentId: z.string(),
});
export type StatementPaperRef = z.infer<typeof paperRefSchema>;

export const statementRowSchema = z
  .object({
    _id: z.string(),
    line: z.number().int(),
    paymentId: z.string(),
    amountMinor: z.number().int().nullable(),
    currency: z.string().nullable(),
    receivedOn: z.string().nullable(),
    payerName: z.string(),
    class: z.enum(ROW_CLASSES),
    /** Why the row is in its class, in a sentence ("Paid twice in this statement: also line 4."). */
    explanation: z.string(),
    /** The paper the payment ID names (one only; a duplicate ID on two papers has none). */
    paper: paperRefSchema.nullable(),
    /** Papers whose payment ID is one edit away: offered, never applied alone. */
    suggestions: z.array(paperRefSchema),
    /** The fee due for the day received and the paper's category, where both are known. */
    feeDue: z.object({ amountMinor: z.number().int(), currency: z.enum(CURRENCIES), rate: z.enum(RATES) }).nullable(),
    resolution: z.enum(ROW_RESOLUTIONS).nullable(),
    resolvedPaperId: z.string().nullable(),
    note: z.string().nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentStatementRow' });
export type StatementRow = z.infer<typeof statementRowSchema>;

export const statementReportSchema = z
  .object({
    statement: statementSummarySchema,
    /** What the reader found wrong with the file as a whole. */
    findings: z.array(z.string()),
    rows: z.array(statementRowSchema),
    counts: z.object(
      Object.fromEntries(ROW_CLASSES.map((c) => [c, z.number().int()])) as Record<
        (typeof ROW_CLASSES)[number],
        z.ZodNumber
      >,
    ),
    /** Papers with an entered, unconfirmed payment ID that no row of this statement has. */
    papersWithoutRow: z.array(paperRefSchema),
  })
  .meta({ id: 'PaymentStatementReport' });
export type StatementReport = z.infer<typeof statementReportSchema>;

export const statementListResponseSchema = okResponse({ statements: z.array(statementSummarySchema) });

export const importStatementResponseSchema = z.discriminatedUnion('outcome', [
  okResponse({
    outcome: z.literal('needs_mapping'),
    message: z.string(),
    /** The header row's column names, to choose the mapping from. */
    columns: z.array(z.string()),
    mapping: columnMappingSchema.nullable(),
  }),
  okResponse({
    outcome: z.literal('imported'),
    message: z.string(),
    /** False when the same file had been imported before: that import is shown. */
    created: z.boolean(),
    report: statementReportSchema,
  }),
]);
export type ImportStatementResponse = z.infer<typeof importStatementResponseSchema>;

export const statementReportResponseSchema = okResponse({ report: statementReportSchema });

export const confirmStatementBodySchema = z.object({
  /** The rows to confirm; all matched rows when absent. */
  rowIds: z.array(z.uuid()).max(STATEMENT_LIMITS.maxRows).optional(),
});
export type ConfirmStatementBody = z.input<typeof confirmStatementBodySchema>;

export const confirmStatementResponseSchema = okResponse({
  message: z.string(),
  confirmed: z.number().int(),
  /** Rows whose paper another organiser (or an earlier import) had confirmed meanwhile. */
  alreadyConfirmed: z.number().int(),
  /** Rows refused, each with its line and why. */
  refused: z.array(z.object({ line: z.number().int(), message: z.string() })),
  report: statementReportSchema,
});

const note = z
  .string()
  .trim()
  .min(1, 'Please write a note saying why.')
  .max(STATEMENT_LIMITS.note)
  .superRefine(publishable('Note'));

export const resolveStatementRowBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('confirm'), paperId: z.uuid(), note }),
  z.object({ action: z.literal('reject'), paperId: z.uuid(), reason: note }),
  z.object({ action: z.literal('note'), note }),
]);
export type ResolveStatementRowBody = z.input<typeof resolveStatementRowBodySchema>;

export const resolveStatementRowResponseSchema = okResponse({ message: z.string(), report: statementReportSchema });
