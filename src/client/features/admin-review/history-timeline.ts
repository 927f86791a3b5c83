import type { AdminActionEntry, PaperHistory, SubmissionHistoryEntry } from '@shared/schemas/admin-paper.ts';

export type SubmissionKind = 'abstract' | 'fullpaper';

export type TimelineItem =
  | { type: 'submission'; kind: SubmissionKind; entry: SubmissionHistoryEntry; at: string }
  | { type: 'action'; action: AdminActionEntry; at: string };

const time = (iso: string) => {
  const value = new Date(iso).getTime();
  return Number.isNaN(value) ? 0 : value;
};

/** Spec 2.9: abstract and full-paper versions and admin actions in one list, newest first. */
export function buildHistoryTimeline(history: PaperHistory): TimelineItem[] {
  const items: TimelineItem[] = [
    ...history.abstractSubmissionHistory.map((entry) => ({
      type: 'submission' as const,
      kind: 'abstract' as const,
      entry,
      at: entry.submittedAt,
    })),
    ...history.fullPaperSubmissionHistory.map((entry) => ({
      type: 'submission' as const,
      kind: 'fullpaper' as const,
      entry,
      at: entry.submittedAt,
    })),
    ...history.adminActions.map((action) => ({ type: 'action' as const, action, at: action.actionAt })),
  ];
  // A stable sort keeps the server's order for entries recorded in the same millisecond.
  return items.sort((a, b) => time(b.at) - time(a.at));
}

export const SUBMISSION_KIND_LABELS: Record<SubmissionKind, string> = {
  abstract: 'Abstract Submission',
  fullpaper: 'Full Paper Submission',
};

/** Words the stored action names run together ("fullpaper_reset" reads "Full Paper Reset"). */
const SPELLED_OUT: Record<string, string> = { fullpaper: 'Full Paper' };

/** "status_change" reads "Status Change". */
export function adminActionLabel(action: string): string {
  return action
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => SPELLED_OUT[word.toLowerCase()] ?? word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

const VERSION_STATUS_LABELS: Record<string, string> = {
  current: 'Current',
  superseded: 'Superseded',
  reset_by_admin: 'Reset by Admin',
};

/** The badge text of a version; a status the client does not know is shown as it came. */
export function versionStatusLabel(status: string): string {
  return VERSION_STATUS_LABELS[status] ?? status;
}

export function entryCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}
