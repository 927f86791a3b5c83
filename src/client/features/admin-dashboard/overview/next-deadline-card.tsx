import { Link } from 'react-router';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { Panel } from '@client/components/ui/panel.tsx';
import { formatCount } from '@shared/format/numbers.ts';
import { useNextDeadline } from '../dashboard-api.ts';
import type { LinkedFilters } from '../paper-filters.ts';
import { daysLeftText } from './time-left.ts';

interface NextDeadlineCardProps {
  papersHref: (filters: LinkedFilters) => string;
  /** Called as "Show these papers" is followed, e.g. to move focus to the section it opens. */
  onShowPapers: () => void;
}

/** The soonest deadline still open, how long is left, and the papers it still waits for. */
export function NextDeadlineCard({ papersHref, onShowPapers }: NextDeadlineCardProps) {
  const next = useNextDeadline();
  return (
    <Panel headingLevel={3} title="Next deadline" className="border-l-4 border-l-amber-500">
      {next.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the next deadline...
        </p>
      ) : next.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The next deadline could not be loaded.{' '}
          <button type="button" onClick={() => void next.refetch()} className="font-semibold underline">
            Try again
          </button>
        </p>
      ) : next.data === null ? (
        <p className="text-slate-700">All deadlines have passed.</p>
      ) : (
        <>
          <p className="font-semibold text-slate-900" data-testid="next-deadline-when">
            {next.data.title}: <time dateTime={next.data.closesAt}>{formatConferenceTime(next.data.closesAt)}</time>,{' '}
            {daysLeftText(next.data.closesAt, Date.now())}
          </p>
          <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
            <p className="text-sm text-slate-700" data-testid="next-deadline-count">
              <span className="text-lg font-bold text-slate-900 tabular-nums">{formatCount(next.data.count)}</span>{' '}
              {next.data.countLabel}
            </p>
            <Link
              to={papersHref(next.data.filter)}
              onClick={onShowPapers}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Show these papers
            </Link>
          </div>
        </>
      )}
    </Panel>
  );
}
