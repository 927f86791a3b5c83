import type { ReactNode } from 'react';
import { DEADLINE_MESSAGES, isOpenAt } from '../../../../shared/domain/deadlines.ts';
import { DeadlineMessage, DeadlineNotice } from '../../../components/deadline-notice.tsx';
import { DatesLoadError, DatesSkeleton } from '../../../components/dates-status.tsx';
import { useConferenceDates } from '../../../lib/use-conference-dates.ts';
import { useNow } from '../../../lib/use-deadline-open.ts';

/**
 * New abstracts are taken from abstractOpens to abstractDeadline: before, the opening date;
 * during, the countdown and `children` (the way to submit); after, the closed message alone.
 */
export function AbstractSubmissionGate({ className = '', children }: { className?: string; children: ReactNode }) {
  const dates = useConferenceDates();
  const now = useNow();
  if (dates.isPending) return <DatesSkeleton className={className} />;
  if (dates.isError) {
    // The server still enforces the dates: without them the author may try.
    return (
      <>
        <DatesLoadError className={className} onRetry={() => void dates.refetch()} retrying={dates.isFetching} />
        {children}
      </>
    );
  }
  const { abstractOpens, abstractDeadline } = dates.data;
  if (now < Date.parse(abstractOpens)) {
    return (
      <DeadlineMessage tone="not-open" className={className}>
        {DEADLINE_MESSAGES.notOpenYet(abstractOpens)}
      </DeadlineMessage>
    );
  }
  return (
    <>
      <DeadlineNotice
        step="abstract"
        deadline={{ closesAt: abstractDeadline, extended: false }}
        now={now}
        className={className}
      />
      {isOpenAt(abstractDeadline, new Date(now)) && children}
    </>
  );
}
