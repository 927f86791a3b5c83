import { z } from 'zod';
import {
  CURRENCIES,
  FEE_MESSAGES,
  FULL_PAPER_REQUIREMENTS,
  isCalendarDay,
  MAX_AMOUNT_MINOR,
  PAYMENT_SOURCES,
  PAYMENT_STATES,
  parseMajorAmount,
  RATES,
} from '../domain/fees.ts';
import { publishable } from '../domain/publishable-text.ts';
import { FEE_LIMITS } from './fee-forms.ts';
import { okResponse } from './responses.ts';

// The forms' schemas live apart, so that a page imports them without building the schemas below.
export {
  confirmPaymentFormSchema,
  FEE_LIMITS,
  feeCategoryFormSchema,
  majorAmountTextSchema,
  rejectPaymentBodySchema,
  type RejectPaymentBody,
} from './fee-forms.ts';

/** An amount typed in major units ("5000.50"), parsed exactly into minor units. */
export const majorAmountSchema = z
  .string()
  .trim()
  .transform((text, check) => {
    const amount = parseMajorAmount(text);
    if (amount === null) {
      check.addIssue({ code: 'custom', message: FEE_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (amount > MAX_AMOUNT_MINOR) {
      check.addIssue({ code: 'custom', message: FEE_MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return amount;
  });

export const feeCategoryBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter the category’s name.')
    .max(FEE_LIMITS.categoryName)
    .superRefine(publishable('Category')),
  currency: z.enum(CURRENCIES),
  earlyBird: majorAmountSchema,
  late: majorAmountSchema,
});
export type FeeCategoryBody = z.input<typeof feeCategoryBodySchema>;

export const feeCategorySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    currency: z.enum(CURRENCIES),
    earlyBirdMinor: z.number().int(),
    lateMinor: z.number().int(),
  })
  .meta({ id: 'FeeCategory' });
export type FeeCategory = z.infer<typeof feeCategorySchema>;

/** The fee periods, from the conference dates (ISO 8601 with offset). */
export const feePeriodsSchema = z.object({
  earlyBirdOpens: z.string(),
  earlyBirdCloses: z.string(),
  lateRegistrationOpens: z.string(),
});

export const adminFeesResponseSchema = okResponse({
  categories: z.array(feeCategorySchema),
  periods: feePeriodsSchema,
  fullPaperRequires: z.enum(FULL_PAPER_REQUIREMENTS),
});
export type AdminFees = z.infer<typeof adminFeesResponseSchema>;

export const feeCategorySavedResponseSchema = okResponse({ message: z.string(), category: feeCategorySchema });

export const feeSettingsBodySchema = z.object({ fullPaperRequires: z.enum(FULL_PAPER_REQUIREMENTS) });
export const feeSettingsResponseSchema = okResponse({
  message: z.string(),
  fullPaperRequires: z.enum(FULL_PAPER_REQUIREMENTS),
});

export const paymentConfirmationSchema = z
  .object({
    paymentId: z.string(),
    receivedOn: z.string(),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    rate: z.enum(RATES),
    source: z.enum(PAYMENT_SOURCES),
    receiptNumber: z.number().int(),
    confirmedBy: z.string().nullable(),
    confirmedAt: z.string(),
  })
  .meta({ id: 'PaymentConfirmation' });
export type PaymentConfirmation = z.infer<typeof paymentConfirmationSchema>;

export const paymentRejectionSchema = z
  .object({ paymentId: z.string(), reason: z.string(), rejectedBy: z.string().nullable(), rejectedAt: z.string() })
  .meta({ id: 'PaymentRejection' });
export type PaymentRejection = z.infer<typeof paymentRejectionSchema>;

/** One paper's payment as its author and the organisers see it. */
export const paperPaymentSchema = z
  .object({
    paperId: z.string(),
    state: z.enum(PAYMENT_STATES),
    paymentId: z.string(),
    confirmation: paymentConfirmationSchema.nullable(),
    /** The last rejection, while no later payment is confirmed. */
    lastRejection: paymentRejectionSchema.nullable(),
    categoryId: z.string().nullable(),
  })
  .meta({ id: 'PaperPayment' });
export type PaperPayment = z.infer<typeof paperPaymentSchema>;

/** GET /api/papers/:id/fees: the fees beside the payment instructions, and the paper's payment. */
export const authorFeesResponseSchema = okResponse({
  paper: z.object({ ictacemId: z.string(), title: z.string() }),
  categories: z.array(feeCategorySchema),
  periods: feePeriodsSchema,
  fullPaperRequires: z.enum(FULL_PAPER_REQUIREMENTS),
  payment: paperPaymentSchema,
});
export type AuthorFees = z.infer<typeof authorFeesResponseSchema>;

export const chooseFeeCategoryBodySchema = z.object({ categoryId: z.uuid('Please choose a fee category.') });
export const chooseFeeCategoryResponseSchema = okResponse({ message: z.string(), payment: paperPaymentSchema });

export const confirmPaymentBodySchema = z.object({
  /** The payment ID the organiser saw: a changed one answers 409. */
  paymentId: z.string().trim().min(1),
  receivedOn: z.string().trim().refine(isCalendarDay, FEE_MESSAGES.receivedOnInvalid),
  amount: majorAmountSchema,
  currency: z.enum(CURRENCIES),
});
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBodySchema>;

export const paymentDecisionResponseSchema = okResponse({ message: z.string(), payment: paperPaymentSchema });

/** GET /api/admin/payments: every paper with a payment state, for the organiser's list. */
export const adminPaymentRowSchema = z
  .object({
    paperId: z.string(),
    ictacemId: z.string(),
    title: z.string(),
    authorName: z.string(),
    status: z.string(),
    payment: paperPaymentSchema,
    categoryName: z.string().nullable(),
    categoryCurrency: z.enum(CURRENCIES).nullable(),
  })
  .meta({ id: 'AdminPaymentRow' });
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

export const adminPaymentsQuerySchema = z.object({ state: z.enum(PAYMENT_STATES).optional() });

export const adminPaymentsResponseSchema = okResponse({
  papers: z.array(adminPaymentRowSchema),
  counts: z.object({ confirmed: z.number(), entered: z.number(), unpaid: z.number() }),
});
export type AdminPayments = z.infer<typeof adminPaymentsResponseSchema>;
