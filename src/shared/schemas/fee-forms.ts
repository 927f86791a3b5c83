// The site's messages for every field (z.config), installed with the first schema.
import './field-messages.ts';
import { z } from 'zod';
import { CURRENCIES, FEE_MESSAGES, isCalendarDay, MAX_AMOUNT_MINOR, parseMajorAmount } from '../domain/fees.ts';
import { publishable } from '../domain/publishable-text.ts';

/*
 * The Fees page's forms, apart from the API's schemas (fees.ts, which re-exports these): Zod
 * builds every schema of a module when the module loads, and the page's phone spent about 140 ms
 * at 6x CPU slowdown building the thirty of fees.ts, of which it uses these three.
 */

export const FEE_LIMITS = { categoryName: 80, reason: 1000 } as const;

/** The same amount as a form holds it: text, checked by the same parser, sent as typed. */
export const majorAmountTextSchema = z
  .string()
  .trim()
  .refine((text) => {
    const amount = parseMajorAmount(text);
    return amount !== null && amount <= MAX_AMOUNT_MINOR;
  }, FEE_MESSAGES.amountInvalid);

const categoryName = z
  .string()
  .trim()
  .min(1, 'Please enter the category’s name.')
  .max(FEE_LIMITS.categoryName)
  .superRefine(publishable('Category'));

/** The Fees page's category form: what it checks before sending (the body schema below parses the amounts). */
export const feeCategoryFormSchema = z.object({
  name: categoryName,
  currency: z.enum(CURRENCIES),
  earlyBird: majorAmountTextSchema,
  late: majorAmountTextSchema,
});

/** The Confirm form: the day, the amount as typed, the currency (the payment ID is the row's). */
export const confirmPaymentFormSchema = z.object({
  receivedOn: z.string().trim().refine(isCalendarDay, FEE_MESSAGES.receivedOnInvalid),
  amount: majorAmountTextSchema,
  currency: z.enum(CURRENCIES),
});

export const rejectPaymentBodySchema = z.object({
  paymentId: z.string().trim().min(1),
  reason: z
    .string()
    .trim()
    .min(1, 'Please give the reason, which is sent to the author.')
    .max(FEE_LIMITS.reason)
    .superRefine(publishable('Reason')),
});
export type RejectPaymentBody = z.input<typeof rejectPaymentBodySchema>;
