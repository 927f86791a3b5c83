import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DEADLINE_STEPS,
  type DeadlineStep,
  formatConferenceTime,
  type StepDeadline,
} from '@shared/domain/deadlines.ts';
import { DEADLINE_LIMITS, type DeadlineExtensionBody, deadlineExtensionBodySchema } from '@shared/schemas/deadlines.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { DateTimeField } from '@client/components/ui/date-time-field.tsx';
import { SelectField, TextAreaField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { errorText } from '@client/lib/api.ts';
import { fromConferenceInputValue } from '@shared/domain/conference-datetime.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useExtendDeadline } from './admin-papers-api.ts';
import { STEP_LABELS, stepDone, stepsToExtend } from './paper-deadlines.ts';
import { Alert } from '@client/components/ui/alert.tsx';

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

/** The request's body, with the date as the organiser types it (conference time) until it is sent. */
const extensionFormSchema = deadlineExtensionBodySchema.extend({
  closesAt: z.string().transform((typed, context) => {
    const closesAt = fromConferenceInputValue(typed, { closing: true });
    if (closesAt) return closesAt;
    context.addIssue({ code: 'custom', message: 'Enter the date and time until which the step stays open.' });
    return z.NEVER;
  }),
});
type ExtensionFormFields = z.input<typeof extensionFormSchema>;

interface ExtendDeadlineDialogProps {
  paper: AdminPaper;
  /** The steps still to do; at least one. */
  steps: DeadlineStep[];
  onClose: () => void;
}

function ExtendDeadlineDialog({ paper, steps, onClose }: ExtendDeadlineDialogProps) {
  const toast = useToast();
  const extend = useExtendDeadline(paper._id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ExtensionFormFields, unknown, DeadlineExtensionBody>({
    resolver: zodResolver(extensionFormSchema),
    defaultValues: { step: steps[0]!, closesAt: '', reason: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const step = watch('step');

  const onSubmit = handleSubmit((body) => {
    setFailure(null);
    extend.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      onError: (error) => setFailure(errorText(error, 'The deadline could not be extended. Please try again.')),
    });
  });

  const current = paper.deadlines[step];
  return (
    <ModalDialog title="Extend a deadline" onDismiss={extend.isPending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          For this paper only. The author is told, with your reason, and the extension goes on the paper's timeline. It
          must end after the paper's current deadline.
        </p>
        <SelectField
          label="Step"
          options={steps.map((option) => ({ value: option, label: STEP_LABELS[option] }))}
          hint={`Now: ${current ? formatConferenceTime(current.closesAt) : 'open until re-uploaded'}`}
          error={errors.step?.message}
          {...register('step')}
        />
        <DateTimeField label="Open until" error={errors.closesAt?.message} {...register('closesAt')} />
        <TextAreaField
          label="Reason"
          rows={3}
          maxLength={DEADLINE_LIMITS.reason}
          hint="The author reads it."
          error={errors.reason?.message}
          {...register('reason')}
        />
        {failure && <Alert>{failure}</Alert>}
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
