import { PAPER_STATUS_LABELS, type PaperStatus } from '@shared/constants.ts';
import { Badge, type BadgeTone, toneClass } from './ui/badge.tsx';

/** Spec 4's badge colours for a paper's status. */
const PAPER_STATUS_TONES: Record<PaperStatus, BadgeTone> = {
  review_awaited: 'info',
  review_in_progress: 'progress',
  author_response_awaited: 'accent',
  abstract_accepted: 'success',
  declined: 'danger',
};

/** A status the client does not know yet shows neutral. */
function paperStatusTone(status: string): BadgeTone {
  return (PAPER_STATUS_TONES as Record<string, BadgeTone>)[status] ?? 'neutral';
}

export function statusLabel(status: string): string {
  return (PAPER_STATUS_LABELS as Record<string, string>)[status] ?? status.replaceAll('_', ' ');
}

export function statusBadgeClass(status: string): string {
  return toneClass(paperStatusTone(status));
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={paperStatusTone(status)} size="medium" data-testid="paper-status">
      {statusLabel(status)}
    </Badge>
  );
}

/** The card's top stripe: green once accepted, red when declined, amber while under way. */
export function statusStripeClass(status: string): string {
  if (status === 'abstract_accepted') return 'bg-green-500';
  if (status === 'declined') return 'bg-red-500';
  return 'bg-amber-400';
}
