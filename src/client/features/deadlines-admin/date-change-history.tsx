import { useId } from 'react';
import { CONFERENCE_DATE_INFO, formatConferenceTime } from '@shared/domain/deadlines.ts';
import type { ConferenceDateChange } from '@shared/schemas/deadlines.ts';

const ROW_COLUMNS = 'lg:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)_minmax(0,0.8fr)_minmax(0,1fr)]';

/** Every change of a date, newest first: which date, from what to what, who and when. */
export function DateChangeHistory({ changes }: { changes: ConferenceDateChange[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={headingId} className="p-4 text-lg font-bold text-brand-900 sm:px-5">
        Change history
      </h2>
      {changes.length === 0 ? (
        <p className="px-4 pb-5 text-slate-600 sm:px-5">No date has been changed yet.</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className={`hidden gap-4 border-y border-slate-200 bg-slate-50 px-5 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:grid ${ROW_COLUMNS}`}
          >
            <span>Date</span>
            <span>Change</span>
            <span>By</span>
            <span>When</span>
          </div>
          <ol className="divide-y divide-slate-200 border-t border-slate-200 lg:border-t-0" aria-label="Newest first">
            {changes.map((change) => (
              <li
                key={change._id}
                className={`grid gap-1 px-4 py-3 text-sm sm:px-5 lg:items-baseline lg:gap-4 ${ROW_COLUMNS}`}
                data-testid="date-change"
              >
                <p className="font-semibold text-slate-900">{CONFERENCE_DATE_INFO[change.key].title}</p>
                <p className="text-slate-700">
                  <span className="sr-only">From </span>
                  <time dateTime={change.oldValue}>{formatConferenceTime(change.oldValue)}</time>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> to </span>
                  <time dateTime={change.newValue} className="font-semibold text-slate-900">
                    {formatConferenceTime(change.newValue)}
                  </time>
                </p>
                <p className="break-words text-slate-600">
                  <span className="lg:sr-only">By </span>
                  {change.changedBy ?? 'a deleted account'}
                </p>
                <p className="text-slate-600">
                  <span className="lg:sr-only">On </span>
                  <time dateTime={change.changedAt}>{formatConferenceTime(change.changedAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
