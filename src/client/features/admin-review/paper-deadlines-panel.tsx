import { type FormEvent, useId, useState } from 'react';
import {
  DEADLINE_MESSAGES,
  DEADLINE_STEPS,
  type DeadlineStep,
  formatConferenceTime,
  type StepDeadline,
} from '../../../shared/domain/deadlines.ts';
import { DEADLINE_LIMITS } from '../../../shared/schemas/deadlines.ts';
import type { AdminPaper } from '../../../shared/schemas/admin-paper.ts';
import { Button } from '../../components/ui/button.tsx';
import { DateTimeField } from '../../components/ui/date-time-field.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { errorText } from '../../lib/api.ts';
import { fromConferenceInputValue } from '../../lib/conference-datetime.ts';
import { useToast } from '../../lib/toast.tsx';
import { useExtendDeadline } from './admin-papers-api.ts';
import { STEP_LABELS, stepDone, stepsToExtend } from './paper-deadlines.ts';
import { Alert } from '../../components/ui/alert.tsx';

/** Until when the author may do each step of this paper, and extensions for the steps still to do. */
export function PaperDeadlinesPanel({ paper }: { paper: AdminPaper }) {
  const [extending, setExtending] = useState(false);
  const steps = stepsToExtend(paper);
  return (
    <Panel headingLevel={2} title="Deadlines">
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {DEADLINE_STEPS.map((step) => (
          <div key={step} className="p-3" data-testid={`deadline-${step}`}>
            <dt className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
              {STEP_LABELS[step]}
              {stepDone(paper, step) && (
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Done</span>
              )}
            </dt>
            <dd className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <DeadlineText deadline={paper.deadlines[step]} />
              {paper.deadlines[step]?.extended && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Extended
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {steps.length > 0 ? (
        <Button variant="secondary" className="mt-4 w-full" onClick={() => setExtending(true)}>
          Extend a deadline
        </Button>
      ) : (
        <p className="mt-3 text-sm text-slate-600">The author has done every step: no deadline is left to extend.</p>
      )}
      {extending && <ExtendDeadlineDialog paper={paper} steps={steps} onClose={() => setExtending(false)} />}
    </Panel>
  );
}

function DeadlineText({ deadline }: { deadline: StepDeadline | null }) {
  if (!deadline) return <span>Open until re-uploaded</span>;
  return <time dateTime={deadline.closesAt}>{formatConferenceTime(deadline.closesAt)}</time>;
}

interface ExtendDeadlineDialogProps {
  paper: AdminPaper;
  /** The steps still to do; at least one. */
  steps: DeadlineStep[];
  onClose: () => void;
}

function ExtendDeadlineDialog({ paper, steps, onClose }: ExtendDeadlineDialogProps) {
  const toast = useToast();
  const extend = useExtendDeadline(paper._id);
  const [step, setStep] = useState<DeadlineStep>(steps[0]!);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stepId = useId();
  const currentId = useId();
  const reasonId = useId();
  const reasonHintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const closesAt = fromConferenceInputValue(until, { closing: true });
    if (!closesAt) return setError('Enter the date and time until which the step stays open.');
    if (!reason.trim()) return setError(DEADLINE_MESSAGES.extensionReasonRequired);
    setError(null);
    extend.mutate(
      { step, closesAt, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (failure) => setError(errorText(failure, 'The deadline could not be extended. Please try again.')),
      },
    );
  };

  const current = paper.deadlines[step];
  return (
    <ModalDialog title="Extend a deadline" onDismiss={extend.isPending ? undefined : onClose}>
      <form onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-700">
          For this paper only. The author is told, with your reason, and the extension goes on the paper's timeline. It
          must end after the paper's current deadline.
        </p>
        <div>
          <label htmlFor={stepId} className="mb-1 block text-sm font-medium text-slate-700">
            Step
          </label>
          <select
            id={stepId}
            value={step}
            onChange={(event) => setStep(event.target.value as DeadlineStep)}
            aria-describedby={currentId}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          >
            {steps.map((option) => (
              <option key={option} value={option}>
                {STEP_LABELS[option]}
              </option>
            ))}
          </select>
          <p id={currentId} className="mt-1 text-xs text-slate-500">
            Now: {current ? formatConferenceTime(current.closesAt) : 'open until re-uploaded'}
          </p>
        </div>
        <DateTimeField label="Open until" value={until} onChange={(event) => setUntil(event.target.value)} />
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-700">
            Reason
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={DEADLINE_LIMITS.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={reasonHintId}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <p id={reasonHintId} className="mt-1 text-xs text-slate-500">
            The author reads it.
          </p>
        </div>
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={extend.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={extend.isPending}>
            {extend.isPending ? 'Extending...' : 'Extend deadline'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
