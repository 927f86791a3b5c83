import { isRealPaymentId } from './payment.ts';

/** What the states are read from: a records row (shared/schemas/admin-dashboard.ts) has these. */
interface RecordPaper {
  paper: { paymentId: string | null; marks: number | null } | null;
}

/** What the records table (and its CSV) shows in place of a user's paper when there is none. */
export const NO_SUBMISSION_LABEL = 'No Submission';

/** Spec 4: paid with a real payment ID, else unpaid; a user without a paper has neither. */
export type PaymentState = 'paid' | 'unpaid' | 'none';

export function paymentState(row: RecordPaper): PaymentState {
  if (!row.paper) return 'none';
  return isRealPaymentId(row.paper.paymentId) ? 'paid' : 'unpaid';
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = { paid: 'Paid', unpaid: 'Unpaid', none: 'N/A' };

/** Spec 4: evaluated once marks are set, else pending; a user without a paper has neither. */
export type EvaluationState = 'evaluated' | 'pending' | 'none';

export function evaluationState(row: RecordPaper): EvaluationState {
  if (!row.paper) return 'none';
  return row.paper.marks === null ? 'pending' : 'evaluated';
}

export const EVALUATION_STATE_LABELS: Record<EvaluationState, string> = {
  evaluated: 'Evaluated',
  pending: 'Pending Review',
  none: NO_SUBMISSION_LABEL,
};
