import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ASSIGNMENT_LIMITS } from '@shared/domain/assignment.ts';
import { type AssignmentPlanView, automaticAssignmentBodySchema } from '@shared/schemas/assignment.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useApplyPlan, usePlanAssignment } from './assignment-api.ts';

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** "Assign automatically": the settings, then the plan to read, then applying it in one step. */
export function AutomaticAssignmentDialog({ onClose }: { onClose: () => void }) {
  const [plan, setPlan] = useState<AssignmentPlanView | null>(null);
  return (
    <ModalDialog title="Assign automatically" onDismiss={onClose} size="wide">
      {plan ? (
        <PlanReview plan={plan} onBack={() => setPlan(null)} onClose={onClose} />
      ) : (
        <PlanSettings onPlanned={setPlan} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

function PlanSettings({ onPlanned, onClose }: { onPlanned: (plan: AssignmentPlanView) => void; onClose: () => void }) {
  const planning = usePlanAssignment();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(automaticAssignmentBodySchema),
    defaultValues: { reviewsPerPaper: ASSIGNMENT_LIMITS.reviewsPerPaper.default, onlyFillMissing: true },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    planning.mutate(values, {
      onSuccess: (answer) => onPlanned(answer.plan),
      onError: (error) => setFailure(errorText(error, 'The plan could not be made. Please try again.')),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Assign automatically">
      <p className="text-sm text-slate-600">
        Every paper still being decided gets its reviewers from the members who accepted: the best fit of their bids and
        themes, loads kept even, never a conflict of interest and never more than a member’s maximum. You will see the
        plan before anything is assigned.
      </p>
      <div className="sm:max-w-48">
        <TextField
          label="Reviews per paper"
          type="number"
          inputMode="numeric"
          autoFocus
          min={ASSIGNMENT_LIMITS.reviewsPerPaper.min}
          max={ASSIGNMENT_LIMITS.reviewsPerPaper.max}
          error={errors.reviewsPerPaper?.message}
          readOnly={planning.isPending}
          {...register('reviewsPerPaper', { valueAsNumber: true })}
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4" {...register('onlyFillMissing')} />
        <span>
          Only fill missing reviews
          <span className="block text-slate-600">
            Reviewers a paper already has count towards its number; without this, each paper gets that many more.
          </span>
        </span>
      </label>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={planning.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={planning.isPending}>
          {planning.isPending ? 'Planning...' : 'Show the plan'}
        </Button>
      </div>
    </form>
  );
}

function PlanReview({ plan, onBack, onClose }: { plan: AssignmentPlanView; onBack: () => void; onClose: () => void }) {
  const toast = useToast();
  const apply = useApplyPlan();
  const [failure, setFailure] = useState<string>();
  const short = plan.papers.filter((paper) => paper.missing > 0);
  const receiving = plan.members.filter((member) => member.newPapers.length > 0);
  const applyPlan = () => {
    setFailure(undefined);
    apply.mutate(
      { assignments: plan.assignments, reviewsPerPaper: plan.reviewsPerPaper, onlyFillMissing: plan.onlyFillMissing },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => setFailure(errorText(error, 'The plan could not be applied. Please try again.')),
      },
    );
  };
  return (
    <div className="space-y-4" data-testid="assignment-plan">
      <p className="text-slate-800" role="status">
        {plan.assignments.length === 0
          ? 'The plan assigns nothing: every paper has its reviewers, or no member can take more.'
          : `${plural(plan.assignments.length, 'new review')} for ${plural(receiving.length, 'member')}, ${plural(plan.reviewsPerPaper, 'review')} per paper${plan.onlyFillMissing ? ' counting those already assigned' : ' more'}.`}{' '}
        {short.length > 0 ? `${plural(short.length, 'paper')} stay short of reviewers.` : ''}
      </p>
      {plan.assignments.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="plan-fit">
          By bid: {formatCount(plan.fit.eager)} Eager, {formatCount(plan.fit.willing)} Willing,{' '}
          {formatCount(plan.fit.noBid)} without a bid, {formatCount(plan.fit.notMyArea)} Not my area;{' '}
          {formatCount(plan.fit.themeMatches)} in the member’s themes. No plan with as many reviews has fewer Not my
          area, then more Eager, then more Willing, then more in the members’ themes.
        </p>
      )}
      {short.length > 0 && (
        <section aria-labelledby="plan-short-heading">
          <h3 id="plan-short-heading" className="font-semibold text-slate-900">
            Papers short of reviewers
          </h3>
          {/* Scrolled by keyboard too: the list takes focus. */}
          <ul
            tabIndex={0}
            aria-labelledby="plan-short-heading"
            className="mt-2 max-h-48 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-amber-300 bg-amber-50 text-sm"
          >
            {short.map((paper) => (
              <li key={paper.paperId} className="px-3 py-2">
                <p className="font-medium break-words text-slate-900">{paper.title}</p>
                <p className="text-slate-700">
                  {plural(paper.missing, 'review')} missing: {paper.shortReason}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {plan.notMyArea.length > 0 && (
        <section aria-labelledby="plan-not-my-area-heading">
          <h3 id="plan-not-my-area-heading" className="font-semibold text-slate-900">
            Papers given to a member who marked them Not my area
          </h3>
          <ul
            tabIndex={0}
            aria-labelledby="plan-not-my-area-heading"
            className="mt-2 max-h-48 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-amber-300 bg-amber-50 text-sm"
          >
            {plan.notMyArea.map((pair) => (
              <li key={`${pair.memberId} ${pair.paperId}`} className="px-3 py-2">
                <p className="font-medium break-words text-slate-900">
                  {pair.title} <span className="font-normal text-slate-700">· {pair.name}</span>
                </p>
                <p className="text-slate-700">{pair.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <details className="rounded-lg border border-slate-200" open={receiving.length <= 12}>
        <summary className="cursor-pointer px-3 py-2 font-semibold text-slate-900">
          By member ({formatCount(plan.members.length)})
        </summary>
        <ul
          tabIndex={0}
          aria-label="New papers by member"
          className="max-h-72 divide-y divide-slate-200 overflow-y-auto border-t border-slate-200 text-sm"
        >
          {plan.members.map((member) => (
            <li key={member.memberId} className="px-3 py-2">
              <p className="font-medium text-slate-900">
                {member.name}{' '}
                <span className="font-normal text-slate-600">
                  · {member.currentLoad + member.newPapers.length} of {member.maxPapers} papers
                  {member.newPapers.length > 0 ? ` (${formatCount(member.newPapers.length)} new)` : ''}
                </span>
              </p>
              {member.newPapers.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-slate-700">
                  {member.newPapers.map((paper) => (
                    <li key={paper.paperId} className="break-words">
                      {paper.title}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </details>
      <details className="rounded-lg border border-slate-200">
        <summary className="cursor-pointer px-3 py-2 font-semibold text-slate-900">
          By paper ({formatCount(plan.papers.length)})
        </summary>
        <ul
          tabIndex={0}
          aria-label="Reviewers by paper"
          className="max-h-72 divide-y divide-slate-200 overflow-y-auto border-t border-slate-200 text-sm"
        >
          {plan.papers.map((paper) => (
            <li key={paper.paperId} className="px-3 py-2">
              <p className="font-medium break-words text-slate-900">{paper.title}</p>
              <p className="flex flex-wrap gap-1.5 pt-1">
                {paper.reviewers.length === 0 && <span className="text-slate-600">No reviewers</span>}
                {paper.reviewers.map((reviewer) => (
                  <Badge key={reviewer.memberId} tone={reviewer.isNew ? 'success' : 'neutral'}>
                    {reviewer.name}
                    {reviewer.isNew ? ' (new)' : ''}
                  </Badge>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </details>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={apply.isPending}>
          Change settings
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button onClick={applyPlan} disabled={apply.isPending || plan.assignments.length === 0}>
          {apply.isPending ? 'Assigning...' : 'Apply the plan'}
        </Button>
      </div>
    </div>
  );
}
