import { useId } from 'react';
import { PAPER_STATUS_LABELS, PAPER_STATUSES, type PaperStatus } from '@shared/constants.ts';
import { formatPercent, percentOf } from '../percentages.ts';
import { donutSegments } from '../status-distribution.ts';
import { formatCount } from '@shared/format/numbers.ts';

/** Ring colours, the same hues as the status badges. */
const STATUS_COLOURS: Record<PaperStatus, { stroke: string; swatch: string }> = {
  review_awaited: { stroke: 'stroke-blue-500', swatch: 'bg-blue-500' },
  review_in_progress: { stroke: 'stroke-yellow-500', swatch: 'bg-yellow-500' },
  author_response_awaited: { stroke: 'stroke-purple-500', swatch: 'bg-purple-500' },
  abstract_accepted: { stroke: 'stroke-green-500', swatch: 'bg-green-500' },
  declined: { stroke: 'stroke-red-500', swatch: 'bg-red-500' },
};

const RADIUS = 60;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Review Status Distribution (spec 2.3): a ring of the five statuses with the total in its
 * centre. The picture is one image with a text alternative; the legend beside it gives every
 * count and share as text, so nothing is conveyed by colour alone.
 */
export function StatusDonutChart({ byStatus, total }: { byStatus: Record<PaperStatus, number>; total: number }) {
  const titleId = useId();
  const segments = donutSegments(byStatus, CIRCUMFERENCE);
  const summary = PAPER_STATUSES.map(
    (status) => `${PAPER_STATUS_LABELS[status]} ${formatCount(byStatus[status])}`,
  ).join(', ');
  const totalText = formatCount(total);

  return (
    <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
      <svg viewBox="0 0 160 160" className="h-40 w-40 shrink-0" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${totalText} papers: ${summary}`}</title>
        <circle cx="80" cy="80" r={RADIUS} fill="none" strokeWidth="20" className="stroke-slate-100" />
        {/* Each arc is a dash of its length along the ring, moved to where the previous one ended; -90° starts at the top. */}
        <g transform="rotate(-90 80 80)">
          {segments.map((segment) => (
            <circle
              key={segment.status}
              cx="80"
              cy="80"
              r={RADIUS}
              fill="none"
              strokeWidth="20"
              strokeDasharray={`${segment.length} ${CIRCUMFERENCE - segment.length}`}
              strokeDashoffset={-segment.start}
              className={STATUS_COLOURS[segment.status].stroke}
            />
          ))}
        </g>
        <text
          x="80"
          y="78"
          textAnchor="middle"
          // A long total ("100,000") gets a smaller size, so it stays inside the ring.
          className={`fill-slate-900 font-bold ${totalText.length > 5 ? 'text-[20px]' : 'text-[28px]'}`}
        >
          {totalText}
        </text>
        <text x="80" y="100" textAnchor="middle" className="fill-slate-500 text-[12px]">
          Total
        </text>
      </svg>
      <ul className="w-full min-w-0 space-y-2 text-sm" aria-label="Review status counts">
        {PAPER_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <span className={`h-3 w-3 shrink-0 rounded-sm ${STATUS_COLOURS[status].swatch}`} aria-hidden="true" />
            <span className="min-w-0 flex-1 text-slate-700">{PAPER_STATUS_LABELS[status]}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatCount(byStatus[status])}</span>
            <span className="w-10 text-right text-slate-500 tabular-nums">
              {formatPercent(percentOf(byStatus[status], total))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
