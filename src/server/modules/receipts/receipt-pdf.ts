// The payment receipt an author downloads for their institution's reimbursement: on the letters'
// letterhead and layout (fonts for every script, the verification code and QR code).
import { type Currency, formatMoney, formatReceivedOn, RATE_LABELS, type Rate } from '@shared/domain/fees.ts';
import { formatReceiptNumber } from '@shared/domain/receipts.ts';
import { type Letterhead, type LetterSignature, renderLetter } from '../letters/letter-layout.ts';
import { amountInWords } from './amount-in-words.ts';

export interface ReceiptInput {
  letterhead: Letterhead;
  signature: LetterSignature;
  conference: { fullName: string; shortName: string };
  receiptNumber: number;
  payerName: string;
  ictacemId: string;
  paperTitle: string;
  paymentId: string;
  amountMinor: number;
  currency: Currency;
  /** The calendar day the money arrived, "2025-11-12". */
  receivedOn: string;
  rate: Rate;
  issuedAt: Date;
  verificationCode: string;
  verificationUrl: string;
}

export async function renderReceipt(input: ReceiptInput): Promise<Uint8Array> {
  const { conference } = input;
  const number = formatReceiptNumber(input.receiptNumber);
  const words = amountInWords(input.amountMinor, input.currency);
  const figures = formatMoney(input.amountMinor, input.currency);
  return renderLetter({
    title: `Payment receipt ${number} ${input.ictacemId}`,
    issuer: conference.shortName,
    letterhead: input.letterhead,
    signature: input.signature,
    issuedAt: input.issuedAt,
    recipient: [],
    reference: `Receipt No. ${number}`,
    heading: 'Payment receipt',
    salutation: '',
    body: [
      {
        paragraph:
          `Received with thanks from ${input.payerName} the sum of ${words} (${figures}) towards the registration ` +
          `fee of paper ${input.ictacemId} at the ${conference.fullName} (${conference.shortName}).`,
      },
      {
        details: [
          ['Receipt number', number],
          ['Received from', input.payerName],
          ['Paper', `${input.ictacemId}: ${input.paperTitle}`],
          ['Amount', figures],
          ['Amount in words', words],
          ['Currency', input.currency],
          ['Date received', formatReceivedOn(input.receivedOn)],
          ['Rate', RATE_LABELS[input.rate]],
          ['Payment ID', input.paymentId],
        ],
      },
    ],
    closing: 'For the organising committee,',
    verificationCode: input.verificationCode,
    verificationUrl: input.verificationUrl,
    documentName: 'receipt',
  });
}
