import { PAPER_ACTION_LABELS } from '../../../shared/domain/paper-workflow.ts';
import type { PaperTimelineEntry } from '../../../shared/schemas/timeline.ts';
import type { TimelineRow } from './timeline.repository.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** Field by field from the stored details: the before/after states stay on the server. */
export function presentTimelineEntry({ entry, actorName, actorRole }: TimelineRow): PaperTimelineEntry {
  const details = entry.details ?? {};
  const marks = details.marks as { from?: unknown; to?: unknown } | undefined;
  return {
    _id: entry.id,
    action: entry.action,
    label: PAPER_ACTION_LABELS[entry.action as keyof typeof PAPER_ACTION_LABELS] ?? entry.action,
    at: entry.createdAt.toISOString(),
    actor: actorName !== null && actorRole !== null ? { name: actorName, role: actorRole } : null,
    fromStatus: entry.previousStatus,
    toStatus: entry.newStatus,
    reason: entry.comments,
    fileName: text(details.fileName),
    version: number(details.version),
    marks: marks ? { from: number(marks.from), to: number(marks.to) } : null,
    visibleToUser: typeof details.visibleToUser === 'boolean' ? details.visibleToUser : null,
    openUntil: text(details.closesAt) ?? text(details.reuploadUntil),
  };
}
