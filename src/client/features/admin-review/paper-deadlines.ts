import { DEADLINE_STEP_NAMES, DEADLINE_STEPS, type DeadlineStep } from '@shared/domain/deadlines.ts';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';

type PaperSteps = Pick<AdminPaper, 'pdfPath' | 'paymentId' | 'fullPaperPdfPath'>;

/** "Extended abstract", "Payment", "Full paper". */
export const STEP_LABELS = Object.fromEntries(
  DEADLINE_STEPS.map((step) => [step, DEADLINE_STEP_NAMES[step].replace(/^./, (first) => first.toUpperCase())]),
) as Record<DeadlineStep, string>;

/** Whether the author has done the step: the abstract is there, a real payment ID, the full paper. */
export function stepDone(paper: PaperSteps, step: DeadlineStep): boolean {
  if (step === 'abstract') return paper.pdfPath !== null;
  if (step === 'payment') return isRealPaymentId(paper.paymentId);
  return paper.fullPaperPdfPath !== null;
}

/** The steps an extension can be given for, as the server judges them: those the author has still to do. */
export function stepsToExtend(paper: PaperSteps): DeadlineStep[] {
  return DEADLINE_STEPS.filter((step) => !stepDone(paper, step));
}
