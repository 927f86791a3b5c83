import type { ReactNode } from 'react';
import { DEADLINE_STEP_NAMES, type DeadlineStep, type StepDeadline } from '@shared/domain/deadlines.ts';
import { deadlineCountdown } from '../lib/deadline-countdown.ts';
import { useDeadlineOpen } from '../lib/use-deadline-open.ts';

/** "Full paper deadline". */
function stepLabel(step: DeadlineStep): string {
  const name = DEADLINE_STEP_NAMES[step];
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} deadline`;
}

interface DeadlineNoticeProps {
  step: DeadlineStep;
  deadline: StepDeadline;
  /** From `useDeadlineOpen` or `useNow`, so the notice and the buttons it closes agree. */
  now: number;
  className?: string;
}

/** A step's deadline: a countdown while it is open, the closed message once it has passed. */
export function DeadlineNotice({ step, deadline, now, className = '' }: DeadlineNoticeProps) {
  const countdown = deadlineCountdown(step, deadline, now);
  if (!countdown.open) return <DeadlineMessage className={className}>{countdown.text}</DeadlineMessage>;
  return (
    <p
      data-testid="deadline-countdown"
      className={`flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900 ${className}`}
    >
      <ClockIcon />
      <span>
        <span className="font-semibold">{stepLabel(step)}:</span> {countdown.text}
      </span>
    </p>
  );
}

/**
 * Why a step cannot be taken now (closed, or not open yet), in place of its buttons. A status
 * region, so a screen reader hears it when it replaces them.
 */
export function DeadlineMessage({
  tone = 'closed',
  className = '',
  children,
}: {
  tone?: 'closed' | 'not-open';
  className?: string;
  children: ReactNode;
}) {
  const colours =
    tone === 'closed' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-300 bg-amber-50 text-amber-900';
  return (
    <p
      role="status"
      data-testid="deadline-message"
      className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium ${colours} ${className}`}
    >
      <ClockIcon />
      <span>{children}</span>
    </p>
  );
}

/**
 * A step's form or buttons under its deadline's countdown; once the deadline has passed, the
 * closed message in their place. Without a deadline (null), the children alone.
 */
export function DeadlineGate({
  step,
  deadline,
  className,
  children,
}: {
  step: DeadlineStep;
  deadline: StepDeadline | null;
  className?: string;
  children: ReactNode;
}) {
  const { now, open } = useDeadlineOpen(deadline?.closesAt);
  if (!deadline) return children;
  return (
    <>
      <DeadlineNotice step={step} deadline={deadline} now={now} className={className} />
      {open && children}
    </>
  );
}

function ClockIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      className="mt-0.5 shrink-0"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
