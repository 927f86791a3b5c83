import { isRealPaymentId } from './payment.ts';
import type { RecordRow } from '../schemas/admin-dashboard.ts';

/** What the records table (and its CSV) shows in place of a user's paper when there is none. */
export const NO_SUBMISSION_LABEL = 'No Submission';

/** Spec 4: paid with a real payment ID, else unpaid; a user without a paper has neither. */
export type PaymentState = 'paid' | 'unpaid' | 'none';

export function paymentState(row: RecordRow): PaymentState {
  if (!row.paper) return 'none';
  return isRealPaymentId(row.paper.paymentId) ? 'paid' : 'unpaid';
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = { paid: 'Paid', unpaid: 'Unpaid', none: 'N/A' };

/** Spec 4: evaluated once marks are set, else pending; a user without a paper has neither. */
export type EvaluationState = 'evaluated' | 'pending' | 'none';

export function evaluationState(row: RecordRow): EvaluationState {
  if (!row.paper) return 'none';
  return row.paper.marks === null ? 'pending' : 'evaluated';
}

export const EVALUATION_STATE_LABELS: Record<EvaluationState, string> = {
  evaluated: 'Evaluated',
  pending: 'Pending Review',
  none: NO_SUBMISSION_LABEL,
};
