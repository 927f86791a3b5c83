/** Payment receipts' numbers and words (the receipts module prints them; the pages show them). */

/** A receipt number as printed: at least five digits, "00042". */
export function formatReceiptNumber(receiptNumber: number): string {
  return String(receiptNumber).padStart(5, '0');
}

export const RECEIPT_TEXTS = {
  notConfirmed: 'The payment receipt is available once the organisers have confirmed your payment.',
  notConfirmedAdmin: 'This paper’s payment is not confirmed, so it has no receipt.',
  noReceipts: 'No payment is confirmed yet, so there are no receipts to download.',
} as const;
