import { PAPER_STATUS_LABELS } from '@shared/constants.ts';
import { TIMELINE_ROLE_LABELS } from '@shared/domain/paper-workflow.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePaperTimeline } from './admin-papers-api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { Alert } from '@client/components/ui/alert.tsx';

/** Every step of the paper in the order it happened: who, when, from which status to which, and why. */
export function PaperTimeline({ paperId }: { paperId: string }) {
  const timeline = usePaperTimeline(paperId);
  if (timeline.isPending) return <Spinner label="Loading timeline..." />;
  if (timeline.isError) {
    return <Alert>Failed to load the timeline. Please try again.</Alert>;
  }
  if (timeline.data.length === 0)
    return <p className="text-slate-600">Nothing has been recorded for this paper yet.</p>;
  return (
    <ol
      className="relative space-y-4 border-l-2 border-slate-200 pl-5"
      aria-label="Paper timeline, oldest first"
      data-testid="paper-timeline"
    >
      {timeline.data.map((entry) => (
        <TimelineItem key={entry._id} entry={entry} />
      ))}
    </ol>
  );
}

function TimelineItem({ entry }: { entry: PaperTimelineEntry }) {
  const statusChanged = entry.fromStatus !== null && entry.toStatus !== null && entry.fromStatus !== entry.toStatus;
  return (
    <li className="relative" data-testid="timeline-entry" data-action={entry.action}>
      <span
        aria-hidden="true"
        className={`absolute top-1.5 -left-[1.72rem] size-3 rounded-full ring-4 ring-white ${statusChanged ? 'bg-brand-600' : 'bg-slate-400'}`}
      />
      <p className="font-semibold text-slate-900">
        {entry.label}
        {entry.fileName && <span className="font-normal break-all text-slate-600"> · {entry.fileName}</span>}
        {entry.reviewer && (
          <span className="font-normal text-slate-600">
            {' '}
            · {entry.reviewer}
            {entry.reviewerLabel && ` (${entry.reviewerLabel})`}
          </span>
        )}
        {entry.version !== null && <span className="font-normal text-slate-600"> (version {entry.version})</span>}
      </p>
      <p className="text-sm text-slate-600">
        {formatDateTime(entry.at)} ·{' '}
        {entry.actor ? `${entry.actor.name} (${TIMELINE_ROLE_LABELS[entry.actor.role]})` : 'System'}
      </p>
      {statusChanged && (
        <p className="mt-1 text-sm text-slate-800">
          Status: {PAPER_STATUS_LABELS[entry.fromStatus!]} →{' '}
          <span className="font-semibold">{PAPER_STATUS_LABELS[entry.toStatus!]}</span>
        </p>
      )}
      {entry.marks && (
        <p className="mt-1 text-sm text-slate-800">
          Marks: {entry.marks.from ?? 'none'} → {entry.marks.to ?? 'none'}
        </p>
      )}
      {entry.visibleToUser !== null && (
        <p className="mt-1 text-sm text-slate-600">
          {entry.visibleToUser ? 'Shared with the author' : 'Hidden from the author'}
        </p>
      )}
      {entry.openUntil && (
        <p className="mt-1 text-sm text-slate-800">
          Open until <time dateTime={entry.openUntil}>{formatConferenceTime(entry.openUntil)}</time>
        </p>
      )}
      {entry.reason && <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">“{entry.reason}”</p>}
    </li>
  );
}
