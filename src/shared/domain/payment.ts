import { PLACEHOLDER_PAYMENT_ID } from '../constants.ts';

/** A payment ID counts as paid when it is non-blank and not the placeholder (spec 4, Payment). */
export function isRealPaymentId(paymentId: string | null | undefined): boolean {
  const trimmed = paymentId?.trim() ?? '';
  return trimmed !== '' && trimmed !== PLACEHOLDER_PAYMENT_ID;
}
