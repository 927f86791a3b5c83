import { PLACEHOLDER_PAYMENT_ID } from '../constants.ts';

/**
 * The one stored form of a payment ID: no spaces anywhere, upper case. Receipts are copied by
 * hand; " txn 1234 " and "TXN1234" are the same payment, and the same placeholder.
 */
export function normalizePaymentId(paymentId: string): string {
  return paymentId.replace(/\s+/g, '').toUpperCase();
}

/** A payment ID counts as paid when it is non-blank and not the placeholder, in any spelling (spec 4, Payment). */
export function isRealPaymentId(paymentId: string | null | undefined): boolean {
  const normalized = normalizePaymentId(paymentId ?? '');
  return normalized !== '' && normalized !== PLACEHOLDER_PAYMENT_ID;
}
