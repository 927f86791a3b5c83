import { z } from 'zod';
import { PAPER_MESSAGES } from '../domain/paper-messages.ts';
import { publishable } from '../domain/publishable-text.ts';
import './field-messages.ts';

/**
 * The author's payment ID, apart from the paper's schemas: the profile's payment form checks it,
 * and building every paper schema (and the deadlines' they import) for it cost a phone's profile
 * a long task as the form arrived.
 */
export const PAYMENT_ID_MAX = 100;

export const paymentBodySchema = z.object({
  paymentId: z
    .string()
    .trim()
    .min(1, PAPER_MESSAGES.paymentIdInvalid)
    .max(PAYMENT_ID_MAX, PAPER_MESSAGES.paymentIdInvalid)
    // Printed in the visa letter.
    .superRefine(publishable('Payment ID')),
});
