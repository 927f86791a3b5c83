import type { ReviewTally } from '@shared/domain/reviews.ts';
import { Badge } from './ui/badge.tsx';

/** "2/3": the committee's reviews submitted of those assigned, as the paper list and the records show them. */
export function ReviewsCount({ tally }: { tally: ReviewTally }) {
  if (tally.assigned === 0) return <span className="text-slate-500">No reviewer yet</span>;
  return (
    <span className="tabular-nums" data-testid="reviews-count">
      {tally.submitted}/{tally.assigned}
      <span className="sr-only"> submitted</span>
    </span>
  );
}

/** The committee's mean mark with its spread, and the Disagreement flag when the marks are far apart. */
export function MeanMark({ tally }: { tally: ReviewTally }) {
  if (tally.mean === null) return <span className="text-slate-500">No review yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="mean-mark">
      <span className="font-semibold tabular-nums">{tally.mean}</span>
      <span className="text-slate-600 tabular-nums">Spread {tally.spread}</span>
      {tally.disagreement && <Badge tone="danger">Disagreement</Badge>}
    </span>
  );
}
