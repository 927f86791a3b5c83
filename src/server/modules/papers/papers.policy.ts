import { isRealPaymentId } from '../../../shared/domain/payment.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { PaperRow } from './papers.repository.ts';

/** Authors reach only their own papers; admins reach every paper. */
export function canAccessPaper(actor: PublicUser, paper: Pick<PaperRow, 'userId'>): boolean {
  return actor.role === 'admin' || paper.userId === actor._id;
}

export type FullPaperRefusal = 'not_accepted' | 'not_paid' | 'already_submitted';

/** Why a full paper may not be submitted now, or null when it may (spec 4, Payment). */
export function fullPaperRefusal(paper: Pick<PaperRow, 'status' | 'paymentId' | 'fullPaperFileId'>): FullPaperRefusal | null {
  if (paper.status !== 'abstract_accepted') return 'not_accepted';
  if (!isRealPaymentId(paper.paymentId)) return 'not_paid';
  if (paper.fullPaperFileId) return 'already_submitted';
  return null;
}
