import { PAPER_STATUS_LABELS, type PaperStatus } from '@shared/constants.ts';
import { formatDate } from '@client/lib/dates.ts';
import { DECISION_RELEASE_TEXTS } from '@shared/domain/decision-release.ts';
import type { HeldDecision } from '@shared/schemas/decision-release.ts';

/** "Decision held: Abstract Accepted" beside a paper whose decision its author has not been told. */
export function HeldDecisionBadge({ held }: { held: HeldDecision }) {
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      data-testid="held-decision"
    >
      {DECISION_RELEASE_TEXTS.held}: {PAPER_STATUS_LABELS[held.status]}
    </span>
  );
}

/** On the paper page: which decision is held, by whom, and what the author sees meanwhile. */
export function HeldDecisionNote({ held, current }: { held: HeldDecision; current: PaperStatus }) {
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="held-decision-note"
    >
      <p className="font-semibold">
        {DECISION_RELEASE_TEXTS.held}: {PAPER_STATUS_LABELS[held.status]}
      </p>
      <p className="mt-1">
        Entered{held.decidedBy ? ` by ${held.decidedBy}` : ''} on {formatDate(held.decidedAt)}. The author still sees{' '}
        {PAPER_STATUS_LABELS[current]} until it is released (“Release decisions…” in the paper list); a new decision
        replaces it, and taking the paper back into review withdraws it.
      </p>
    </div>
  );
}
