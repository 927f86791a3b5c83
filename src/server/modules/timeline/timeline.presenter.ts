import { DEADLINE_STEP_NAMES, type DeadlineStep } from '@shared/domain/deadlines.ts';
import { PAPER_ACTION_LABELS, timelineRoleOf } from '@shared/domain/paper-workflow.ts';
import { reviewerLabel } from '@shared/domain/reviews.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import type { TimelineRow } from './timeline.repository.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** "Deadline extended: full paper" names the step; other actions their label. */
function labelOf(action: string, step: string | null): string {
  const label = PAPER_ACTION_LABELS[action as keyof typeof PAPER_ACTION_LABELS] ?? action;
  const stepName = step && DEADLINE_STEP_NAMES[step as DeadlineStep];
  return action === 'deadline_extended' && stepName ? `${label}: ${stepName}` : label;
}

/** Field by field from the stored details: the before/after states stay on the server. */
export function presentTimelineEntry({ entry, actorName }: TimelineRow): PaperTimelineEntry {
  const details = entry.details ?? {};
  const reviewerNumber = number(details.reviewerNumber);
  const marks = details.marks as { from?: unknown; to?: unknown } | undefined;
  return {
    _id: entry.id,
    action: entry.action,
    label: labelOf(entry.action, text(details.step)),
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
