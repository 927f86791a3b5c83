import { formatReceivedOn } from '@shared/domain/fees.ts';
import { DEADLINE_STEP_NAMES, type DeadlineStep } from '@shared/domain/deadlines.ts';
import { PAPER_ACTION_LABELS, timelineRoleOf } from '@shared/domain/paper-workflow.ts';
import { reviewerLabel } from '@shared/domain/reviews.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import type { TimelineRow } from './timeline.repository.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * "Deadline extended: full paper" names the step; "Payment confirmed: PAY-1, INR 5,000.00 received
 * 12 November 2025, Early bird" and "Payment rejected: PAY-1" the payment; other actions their label.
 */
function labelOf(action: string, details: Record<string, unknown>): string {
  const label = PAPER_ACTION_LABELS[action as keyof typeof PAPER_ACTION_LABELS] ?? action;
  const step = text(details.step);
  const stepName = step && DEADLINE_STEP_NAMES[step as DeadlineStep];
  if (action === 'deadline_extended' && stepName) return `${label}: ${stepName}`;
  const paymentId = text(details.paymentId);
  const receivedOn = text(details.receivedOn);
  if (action === 'payment_confirmed' && paymentId && receivedOn)
    return `${label}: ${paymentId}, ${text(details.amount)} received ${formatReceivedOn(receivedOn)}, ${text(details.rate)}`;
  if (action === 'payment_rejected' && paymentId) return `${label}: ${paymentId}`;
  return label;
}

/** Field by field from the stored details: the before/after states stay on the server. */
export function presentTimelineEntry({ entry, actorName }: TimelineRow): PaperTimelineEntry {
  const details = entry.details ?? {};
  const reviewerNumber = number(details.reviewerNumber);
  const marks = details.marks as { from?: unknown; to?: unknown } | undefined;
  return {
    _id: entry.id,
    action: entry.action,
    label: labelOf(entry.action, details),
    at: entry.createdAt.toISOString(),
    actor: actorName !== null ? { name: actorName, role: timelineRoleOf(entry.action) } : null,
    fromStatus: entry.previousStatus,
    toStatus: entry.newStatus,
    reason: entry.comments,
    fileName: text(details.fileName),
    version: number(details.version),
    marks: marks ? { from: number(marks.from), to: number(marks.to) } : null,
    visibleToUser: typeof details.visibleToUser === 'boolean' ? details.visibleToUser : null,
    reviewer: text(details.reviewer),
    reviewerLabel: reviewerNumber === null ? null : reviewerLabel(reviewerNumber),
    openUntil: text(details.closesAt) ?? text(details.reuploadUntil),
  };
}
