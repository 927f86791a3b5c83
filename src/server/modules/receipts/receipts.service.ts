import { currentConference } from '@shared/conference.ts';
import type { Currency, Rate } from '@shared/domain/fees.ts';
import { formatReceiptNumber, RECEIPT_TEXTS } from '@shared/domain/receipts.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { findPaper } from '../papers/papers.repository.ts';
import { canAccessPaper } from '../papers/papers.policy.ts';
import * as letters from '../letters/letters.repository.ts';
import { newVerificationCode } from '../letters/verification-code.ts';
import * as repo from './receipts.repository.ts';

export interface ReceiptFile {
  fileName: string;
  bytes: Uint8Array;
}

/** ICTACEM IDs are the server's own, but a file name takes no chances. */
export const receiptFileName = (ictacemId: string, receiptNumber: number) =>
  `${ictacemId.replace(/[^A-Za-z0-9._-]/g, '_')}_receipt_${formatReceiptNumber(receiptNumber)}.pdf`;

/**
 * What a receipt prints, fixed when it is first issued. The payer is named as the statement names
 * them when an import confirmed the payment with a name; otherwise as the author typed their name
 * on their account, which entered the payment ID.
 */
function receiptDetails(payment: repo.ConfirmedPayment): Record<string, string> {
  return {
    receiptNumber: String(payment.receiptNumber),
    payerName: payment.payerName ?? payment.accountName,
    ictacemId: payment.ictacemId,
    paperTitle: payment.title,
    paymentId: payment.paymentId,
    amountMinor: String(payment.amountMinor),
    currency: payment.currency ?? '',
    receivedOn: payment.receivedOn ?? '',
    rate: payment.rate ?? '',
  };
}

/** The payment's receipt: issued on first need, the same receipt and code every time after. */
export async function receiptOf(
  db: DbOrTx,
  payment: repo.ConfirmedPayment,
  issuedBy: string | null,
): Promise<letters.LetterRow> {
  const receiptNumber = payment.receiptNumber!;
  const [existing] = await repo.findReceipts(db, [receiptNumber]);
  if (existing) return existing;
  const issued =
    (await letters.insertLetterIfAbsent(db, {
      kind: 'receipt',
      paperId: payment.paperId,
      userId: payment.userId,
      verificationCode: newVerificationCode(),
      details: receiptDetails(payment),
      issuedBy,
    })) ?? (await repo.findReceipts(db, [receiptNumber]))[0];
  if (!issued) throw new Error(`Receipt ${receiptNumber} could not be issued.`);
  return issued;
}

/** The receipt's PDF, from the values it was issued with and today's letterhead and signatory. */
export async function renderReceiptPdf(ctx: AppContext, receipt: letters.LetterRow): Promise<Uint8Array> {
  const { letterhead, signature } = ctx.config.documents;
  const printed = (key: string) => receipt.details[key] ?? '';
  // Loaded at the first receipt, with pdf-lib, the fonts and the QR code: not at start.
  const { renderReceipt } = await import('./receipt-pdf.ts');
  return renderReceipt({
    letterhead,
    signature,
    conference: currentConference(),
    receiptNumber: Number(printed('receiptNumber')),
    payerName: printed('payerName'),
    ictacemId: printed('ictacemId'),
    paperTitle: printed('paperTitle'),
    paymentId: printed('paymentId'),
    amountMinor: Number(printed('amountMinor')),
    currency: printed('currency') as Currency,
    receivedOn: printed('receivedOn'),
    rate: printed('rate') as Rate,
    issuedAt: receipt.issuedAt,
    verificationCode: receipt.verificationCode,
    verificationUrl: `${ctx.config.publicUrl}${ctx.config.basePath}/verify-letter/${receipt.verificationCode}`,
  });
}

/**
 * The receipt of a paper's confirmed payment, for its author or an admin: another author's paper
 * is the same 404 as a paper that does not exist; a payment not confirmed (entered, rejected,
 * none) has no receipt (403, saying so).
 */
export async function getReceipt(ctx: AppContext, actor: PublicUser, paperId: string): Promise<ReceiptFile> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper || !canAccessPaper(actor, paper)) throw new AppError('not_found', PAPER_NOT_FOUND);
  const payment = await repo.findConfirmedPayment(ctx.db, paperId);
  if (!payment || !(await letters.receiptStands(ctx.db, paperId, payment.receiptNumber!)))
    throw new AppError(
      'forbidden',
      actor.role === 'admin' ? RECEIPT_TEXTS.notConfirmedAdmin : RECEIPT_TEXTS.notConfirmed,
    );
  const receipt = await receiptOf(ctx.db, payment, actor.role === 'admin' ? actor._id : null);
  return {
    fileName: receiptFileName(payment.ictacemId, payment.receiptNumber!),
    bytes: await renderReceiptPdf(ctx, receipt),
  };
}
