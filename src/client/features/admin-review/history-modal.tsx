import type { AdminActionEntry, SubmissionHistoryEntry } from '@shared/schemas/admin-paper.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { PanelDialog } from '@client/components/ui/panel-dialog.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { statusLabel } from '@client/components/status-badge.tsx';
import { usePaperHistory } from './admin-papers-api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import {
  adminActionLabel,
  buildHistoryTimeline,
  entryCountLabel,
  SUBMISSION_KIND_LABELS,
  type SubmissionKind,
  type TimelineItem,
  versionStatusLabel,
} from './history-timeline.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

/** Submission History (spec 2.9): every version and admin action of one paper, newest first. */
export function HistoryModal({
  paperId,
  paperTitle,
  onClose,
}: {
  paperId: string;
  paperTitle: string;
  onClose: () => void;
}) {
  const history = usePaperHistory(paperId);
  return (
    <PanelDialog
      title="Submission History"
      subtitle={paperTitle}
      onClose={onClose}
      closeLabel="Close submission history"
    >
      {history.isPending ? (
        <Spinner label="Loading submission history..." />
      ) : history.isError ? (
        <Alert centred>Failed to fetch submission history</Alert>
      ) : (
        <Timeline items={buildHistoryTimeline(history.data)} />
      )}
    </PanelDialog>
  );
}

function Timeline({ items }: { items: TimelineItem[] }) {
  if (items.length === 0)
    return <p className="py-10 text-center text-slate-600">No submission history found for this paper.</p>;
  return (
    <section aria-labelledby="timeline-heading">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id="timeline-heading" className="font-bold text-slate-900">
          Complete Timeline
        </h3>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
          {entryCountLabel(items.length)}
        </span>
      </div>
      <ol className="space-y-3">
        {items.map((item) =>
          item.type === 'action' ? (
            <ActionItem key={`action-${item.action._id}`} action={item.action} />
          ) : (
            <VersionItem key={`${item.kind}-${item.entry._id}`} kind={item.kind} entry={item.entry} />
          ),
        )}
      </ol>
    </section>
  );
}

/** A version the client does not know yet shows neutral. */
const VERSION_TONES: Record<string, BadgeTone> = {
  current: 'success',
  superseded: 'neutral',
  reset_by_admin: 'danger',
};

function VersionItem({ kind, entry }: { kind: SubmissionKind; entry: SubmissionHistoryEntry }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="history-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">
          Version {entry.version} <span className="font-normal text-slate-600">· {SUBMISSION_KIND_LABELS[kind]}</span>
        </p>
        <Badge tone={VERSION_TONES[entry.status] ?? 'neutral'} data-testid="history-status">
          {versionStatusLabel(entry.status)}
        </Badge>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-500">Submitted: </dt>
          <dd className="inline text-slate-800">{formatDateTime(entry.submittedAt)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="inline text-slate-500">File: </dt>
          <dd className="inline break-all text-slate-800">{entry.fileName}</dd>
        </div>
      </dl>
      {(entry.status === 'reset_by_admin' || entry.resetAt !== null) && (
        <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Reset by Administrator</p>
          <dl className="mt-1 space-y-0.5">
            <div>
              <dt className="inline font-medium">By: </dt>
              <dd className="inline">{entry.resetBy ?? 'Unknown'}</dd>
            </div>
            <div>
              <dt className="inline font-medium">When: </dt>
              <dd className="inline">{formatDateTime(entry.resetAt)}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Reason: </dt>
              <dd className="inline break-words whitespace-pre-line">{entry.resetReason || 'No reason given'}</dd>
            </div>
          </dl>
        </div>
      )}
      <a
        href={entry.viewUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('secondary', 'mt-3 px-3 py-1.5')}
      >
        View PDF<span className="sr-only"> of version {entry.version} (opens in a new tab)</span>
      </a>
    </li>
  );
}

function ActionItem({ action }: { action: AdminActionEntry }) {
  return (
    <li className="rounded-lg border border-purple-200 bg-purple-50/50 p-4" data-testid="history-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">
          Admin Action <span className="font-normal text-slate-600">· {adminActionLabel(action.adminAction)}</span>
        </p>
        <span className="text-xs text-slate-500">{formatDateTime(action.actionAt)}</span>
      </div>
      {action.performedBy && <p className="mt-1 text-sm text-slate-600">By {action.performedBy}</p>}
      {(action.previousStatus || action.newStatus) && (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-medium">{action.previousStatus ? statusLabel(action.previousStatus) : 'None'}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> changed to </span>
          <span className="font-medium">{action.newStatus ? statusLabel(action.newStatus) : 'None'}</span>
        </p>
      )}
      {action.reviewComments?.trim() && (
        <blockquote className="mt-2 border-l-4 border-purple-300 pl-3 text-sm break-words whitespace-pre-line text-slate-700">
          {action.reviewComments}
        </blockquote>
      )}
    </li>
  );
}
