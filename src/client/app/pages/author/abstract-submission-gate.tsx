import { type ReactNode, useRef } from 'react';
import { DEADLINE_MESSAGES, isOpenAt } from '@shared/domain/deadlines.ts';
import { DeadlineMessage, DeadlineNotice } from '@client/components/deadline-notice.tsx';
import { DatesLoadError, DatesSkeleton } from '@client/components/dates-status.tsx';
import { useConferenceDates } from '@client/lib/use-conference-dates.ts';
import { useNow } from '@client/lib/use-deadline-open.ts';

/**
 * New abstracts are taken from abstractOpens to abstractDeadline: before, the opening date;
 * during, the countdown and `children` (the way to submit); after, the closed message instead
 * (beside a form already being filled in, with `keepEntries`).
 */
export function AbstractSubmissionGate({
  className = '',
  keepEntries = false,
  children,
}: {
  className?: string;
  /**
   * A form the author is filling in stays when the deadline passes under it, beside the closed
   * message: nothing typed is lost, and the server (with its grace period) answers the submission.
   */
  keepEntries?: boolean;
  children: ReactNode;
}) {
  const dates = useConferenceDates();
  const shownWhileOpen = useRef(false);
  // Woken at the next change: the opening while before it, then the deadline.
  const opensAt = dates.data ? Date.parse(dates.data.abstractOpens) : undefined;
  const closesAt = dates.data ? Date.parse(dates.data.abstractDeadline) : undefined;
  const now = useNow(opensAt !== undefined && Date.now() < opensAt ? opensAt - 1000 : closesAt);
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
  if (isOpenAt(abstractDeadline, new Date(now)) && now >= Date.parse(abstractOpens)) shownWhileOpen.current = true;
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
      {(isOpenAt(abstractDeadline, new Date(now)) || (keepEntries && shownWhileOpen.current)) && children}
    </>
  );
}
