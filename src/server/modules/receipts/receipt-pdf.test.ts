import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '@server/test/poppler.ts';
import { type ReceiptInput, renderReceipt } from './receipt-pdf.ts';

const receipt = (overrides: Partial<ReceiptInput> = {}): ReceiptInput => ({
  letterhead: {
    organisation: 'ICTACEM 2025 Organising Committee',
    lines: ['IIT Kharagpur, West Bengal 721302, India'],
  },
  signature: { name: 'Prof. A. Organiser', role: 'Treasurer' },
  conference: {
    fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
    shortName: 'ICTACEM 2025',
  },
  receiptNumber: 42,
  payerName: 'Nguyễn Thị Lan',
  ictacemId: 'ICTACEM2025-0042',
  paperTitle: 'Vortex shedding behind a heated cylinder',
  paymentId: 'CEP-2025-0042',
  amountMinor: 35_025,
  currency: 'USD',
  receivedOn: '2025-11-16',
  rate: 'late',
  issuedAt: new Date('2026-11-24T23:30:00Z'),
  verificationCode: 'K7QD-9XMP-3RTA-W2HF',
  verificationUrl: 'https://ictacem.example.org/verify-letter/K7QD-9XMP-3RTA-W2HF',
  ...overrides,
});

describe('renderReceipt', () => {
  it('prints every fact of the payment, with the code in the metadata and the footer', async () => {
    const bytes = await renderReceipt(receipt());
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Payment receipt 00042 ICTACEM2025-0042');
    expect(pdf.getSubject()).toBe('Payment receipt, verification code K7QD-9XMP-3RTA-W2HF');
    const text = await pdfText(bytes);
    for (const fact of [
      'Receipt No. 00042',
      'Received with thanks from Nguyễn Thị Lan the sum of US dollars three hundred and fifty and twenty-five cents only (USD 350.25)',
      'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
      // The details' labels and values are two columns, which pdftotext reads one after the other.
      'Receipt number Received from Paper Amount Amount in words Currency Date received Rate Payment ID',
      '00042 Nguyễn Thị Lan ICTACEM2025-0042: Vortex shedding behind a heated cylinder USD 350.25',
      'USD 16 November 2025 Late CEP-2025-0042',
      'Verification code: K7QD-9XMP-3RTA-W2HF',
      'check that this receipt is genuine',
    ])
      expect(text).toContain(fact);
  });

  it('stays on one page whatever the length of the title and the name', async () => {
    const bytes = await renderReceipt(
      receipt({ paperTitle: 'Turbulent heat transfer '.repeat(40), payerName: 'Zofia Wójcik-Żółkiewska '.repeat(4) }),
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
