import { conferenceIdLabel, conferenceFileStem } from '@shared/conference.ts';
import { formatMoney, RATE_LABELS, type Rate } from '@shared/domain/fees.ts';
import { formatReceiptNumber } from '@shared/domain/receipts.ts';
import { csvLine, UTF8_BOM } from '../modules/admin-dashboard/csv.ts';
import * as receiptsRepo from '../modules/receipts/receipts.repository.ts';
import { receiptFileName, receiptOf, renderReceiptPdf } from '../modules/receipts/receipts.service.ts';
import { type ZipEntry, zipStream } from '../lib/zip-archive.ts';
import { spreadsheetDay } from '../lib/document-dates.ts';
import type { JobHandler } from './job-runner.ts';

/** Confirmed payments read per query: memory holds one batch and the manifest's lines. */
const BATCH = 100;

// A function: the ID's label is the configured conference's.
const manifestHeader = () => [
  'File',
  'Receipt Number',
  conferenceIdLabel(),
  'Title',
  'Received From',
  'Amount',
  'Amount (minor units)',
  'Currency',
  'Date Received',
  'Rate',
  'Payment ID',
  'Verification Code',
  'Issued',
];

/**
 * Every confirmed payment's receipt, issuing those not issued yet, in receipt-number order, with
 * manifest.csv last (one line per receipt, as printed, with its verification code). Payments are
 * read a batch at a time and each PDF is made when the archive reaches it.
 */
export const paymentReceiptsZipJob: JobHandler = async ({ ctx, job, progress }) => {
  const total = await receiptsRepo.countConfirmedPayments(ctx.db);
  await progress(0, total);
  const manifest = [UTF8_BOM, csvLine(manifestHeader())];
  let done = 0;
  async function* entries(): AsyncGenerator<ZipEntry> {
    let after = 0;
    for (;;) {
      const batch = await receiptsRepo.findConfirmedPaymentsAfter(ctx.db, after, BATCH);
      for (const payment of batch) {
        const receipt = await receiptOf(ctx.db, payment, job.requestedBy);
        const printed = (key: string) => receipt.details[key] ?? '';
        const name = receiptFileName(payment.ictacemId, payment.receiptNumber!);
        manifest.push(
          csvLine([
            name,
            formatReceiptNumber(payment.receiptNumber!),
            printed('ictacemId'),
            printed('paperTitle'),
            printed('payerName'),
            formatMoney(Number(printed('amountMinor')), printed('currency')),
            Number(printed('amountMinor')),
            printed('currency'),
            printed('receivedOn'),
            RATE_LABELS[printed('rate') as Rate] ?? '',
            printed('paymentId'),
            receipt.verificationCode,
            spreadsheetDay(receipt.issuedAt),
          ]),
        );
        yield {
          name,
          open: async () => {
            await progress(done++, total);
            return renderReceiptPdf(ctx, receipt);
          },
        };
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.receiptNumber!;
    }
    yield { name: 'manifest.csv', open: async () => Buffer.from(manifest.join('')) };
  }
  return {
    file: {
      source: zipStream(entries()),
      fileName: `${conferenceFileStem()}-payment-receipts.zip`,
      contentType: 'application/zip',
    },
    report: { receipts: total, problems: [] },
  };
};
