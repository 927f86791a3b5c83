import { DEADLINE_STEP_NAMES, DEADLINE_STEPS, type DeadlineStep } from '@shared/domain/deadlines.ts';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';

type PaperSteps = Pick<AdminPaper, 'pdfPath' | 'paymentId' | 'fullPaperPdfPath' | 'status'>;

/** "Extended abstract", "Payment", "Full paper". */
export const STEP_LABELS = Object.fromEntries(
  DEADLINE_STEPS.map((step) => [step, DEADLINE_STEP_NAMES[step].replace(/^./, (first) => first.toUpperCase())]),
) as Record<DeadlineStep, string>;

/** Whether the author has done the step: the abstract is there, a real payment ID, the full paper. */
export function stepDone(paper: PaperSteps, step: DeadlineStep): boolean {
  if (step === 'abstract') return paper.pdfPath !== null;
  if (step === 'payment') return isRealPaymentId(paper.paymentId);
  // A response is a step only while one is asked for: otherwise there is nothing to do or extend.
  if (step === 'response') return paper.status !== 'author_response_awaited';
  return paper.fullPaperPdfPath !== null;
}

/** The steps an extension can be given for, as the server judges them: those the author has still to do. */
export function stepsToExtend(paper: PaperSteps): DeadlineStep[] {
  return DEADLINE_STEPS.filter((step) => !stepDone(paper, step));
}
