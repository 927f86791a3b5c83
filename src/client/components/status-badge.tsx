import { PAPER_STATUS_LABELS } from '@shared/constants.ts';

/** Badge colours from spec 4; a status the client does not know yet shows gray. */
const BADGE_CLASSES: Record<string, string> = {
  review_awaited: 'bg-blue-100 text-blue-800',
  review_in_progress: 'bg-yellow-100 text-yellow-800',
  author_response_awaited: 'bg-purple-100 text-purple-800',
  abstract_accepted: 'bg-green-100 text-green-800',
  declined: 'bg-red-100 text-red-800',
};
const UNKNOWN_STATUS_CLASS = 'bg-gray-100 text-gray-800';

export function statusLabel(status: string): string {
  return (PAPER_STATUS_LABELS as Record<string, string>)[status] ?? status.replaceAll('_', ' ');
}

export function statusBadgeClass(status: string): string {
  return BADGE_CLASSES[status] ?? UNKNOWN_STATUS_CLASS;
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${statusBadgeClass(status)}`}
      data-testid="paper-status"
    >
      {statusLabel(status)}
    </span>
  );
}

/** The card's top stripe: green once accepted, red when declined, amber while under way. */
export function statusStripeClass(status: string): string {
  if (status === 'abstract_accepted') return 'bg-green-500';
  if (status === 'declined') return 'bg-red-500';
  return 'bg-amber-400';
}
