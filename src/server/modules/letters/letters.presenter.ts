import type { Currency } from '@shared/domain/fees.ts';
import { formatReceiptNumber } from '@shared/domain/receipts.ts';
import type { CertificateKind } from '@shared/domain/certificates.ts';
import type {
  AdminVisaRequest,
  VerifiedCertificate,
  VerifiedPaperLetter,
  VerifiedReceipt,
  VisaRequest,
} from '@shared/schemas/letters.ts';
import type { LetterRow } from './letters.repository.ts';
import type { AdminVisaRequestRow, VisaRequestRow } from './visa-requests.repository.ts';

/**
 * Field by field, for anyone who types the code: who holds the letter and for which paper,
 * never the passport number, nationality or date of birth a visa letter also prints.
 */
export function presentVerifiedLetter(letter: LetterRow, withdrawn: boolean): VerifiedPaperLetter {
  const printed = (key: string) => letter.details[key] ?? '';
  return {
    kind: letter.kind === 'visa' ? 'visa' : 'acceptance',
    issuedAt: letter.issuedAt.toISOString(),
    holderName: printed(letter.kind === 'visa' ? 'fullNameAsInPassport' : 'authorName'),
    ictacemId: printed('ictacemId'),
    paperTitle: printed('paperTitle'),
    withdrawn,
  };
}

/** A payment receipt's number, paper, amount and day received: never the payer's name or the payment ID. */
export function presentVerifiedReceipt(receipt: LetterRow, withdrawn: boolean): VerifiedReceipt {
  const printed = (key: string) => receipt.details[key] ?? '';
  return {
    kind: 'receipt',
    issuedAt: receipt.issuedAt.toISOString(),
    receiptNumber: formatReceiptNumber(Number(printed('receiptNumber'))),
    ictacemId: printed('ictacemId'),
    amountMinor: Number(printed('amountMinor')),
    currency: printed('currency') as Currency,
    receivedOn: printed('receivedOn'),
    withdrawn,
  };
}

/** A certificate's holder, kind, conference and date, nothing else; and whether it still stands. */
export function presentVerifiedCertificate(certificate: LetterRow): VerifiedCertificate {
  const printed = (key: string) => certificate.details[key] ?? '';
  return {
    kind: certificate.kind as CertificateKind,
    holderName: printed('holderName'),
    conference: printed('conference'),
    date: printed('date'),
    withdrawn: certificate.withdrawnAt !== null,
    replaced: certificate.replacedById !== null,
  };
}

/** `letterRoute` is where the caller downloads an issued letter (the author's route or the admin's). */
function requestFields(row: VisaRequestRow, letterRoute: (letterId: string) => string) {
  return {
    _id: row.id,
    status: row.status as VisaRequest['status'],
    fullNameAsInPassport: row.fullNameAsInPassport,
    nationality: row.nationality,
    passportNumber: row.passportNumber,
    dateOfBirth: row.dateOfBirth,
    adminNote: row.adminNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.reviewedAt?.toISOString() ?? null,
    letterPath: row.status === 'approved' && row.letterId ? letterRoute(row.letterId) : null,
  };
}

export function presentOwnVisaRequest(row: VisaRequestRow, apiBase: string): VisaRequest {
  return requestFields(row, (letterId) => `${apiBase}/papers/${row.paperId}/letters/visa/${letterId}`);
}

export function presentAdminVisaRequest(row: AdminVisaRequestRow, apiBase: string): AdminVisaRequest {
  const { request } = row;
  return {
    ...requestFields(request, (letterId) => `${apiBase}/admin/papers/${request.paperId}/letters/visa/${letterId}`),
    paper: row.paper,
    author: row.author,
    decidedBy: row.decidedBy,
  };
}
