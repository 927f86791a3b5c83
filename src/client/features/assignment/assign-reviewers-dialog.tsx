import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BID_LABELS } from '@shared/domain/bidding.ts';
import {
  type AssignableMember,
  assignReviewersBodySchema,
  type PaperReviewerOption,
} from '@shared/schemas/assignment.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { formatCount } from '@shared/format/numbers.ts';
import { useAssignableMembers, useAssignReviewers } from './assignment-api.ts';

/** A member as offered: on one paper with their bid, theme match and conflict; on a selection, load only. */
export type MemberChoice = AssignableMember &
  Partial<Pick<PaperReviewerOption, 'bid' | 'themeMatch' | 'conflict' | 'assigned'>>;

const BID_ORDER = { eager: 0, willing: 1, none: 2, not_my_area: 3, conflict: 4 } as const;

/** The likeliest reviewers first: free, in the theme, keen, lightly loaded. */
function byFit(a: MemberChoice, b: MemberChoice): number {
  return (
    Number(Boolean(a.conflict)) - Number(Boolean(b.conflict)) ||
    Number(Boolean(a.assigned)) - Number(Boolean(b.assigned)) ||
    Number(!a.themeMatch) - Number(!b.themeMatch) ||
    BID_ORDER[a.bid ?? 'none'] - BID_ORDER[b.bid ?? 'none'] ||
    a.load - b.load ||
    a.name.localeCompare(b.name)
  );
}

interface AssignReviewersDialogProps {
  paperIds: string[];
  /** What the reviewers are assigned to, as the dialog says it: "“Vortex rings…”", "12 selected papers". */
  target: string;
  members: MemberChoice[];
  onClose: () => void;
  onAssigned?: () => void;
}

/** "Assign reviewers": the chosen members review every one of the papers. */
export function AssignReviewersDialog({ paperIds, target, members, onClose, onAssigned }: AssignReviewersDialogProps) {
  const toast = useToast();
  const assign = useAssignReviewers();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(assignReviewersBodySchema),
    defaultValues: { paperIds, memberIds: [] as string[] },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    assign.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onAssigned?.();
        onClose();
      },
      onError: (error) => setFailure(errorText(error, 'The reviewers could not be assigned. Please try again.')),
    });
  });
  const sorted = [...members].sort(byFit);

  return (
    <ModalDialog title="Assign reviewers" onDismiss={onClose} size="wide">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Assign reviewers">
        <p className="text-sm text-slate-600">
          Choose the members who will review {target}. Each gets one e-mail listing their new papers.
        </p>
        {sorted.length === 0 ? (
          <p className="rounded-lg border border-slate-200 p-4 text-slate-600">
            No member has accepted an invitation to the committee yet.
          </p>
        ) : (
          <fieldset aria-describedby={errors.memberIds ? 'assign-members-error' : undefined}>
            <legend className="sr-only">Members</legend>
            <ul className="max-h-[55vh] divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200">
              {sorted.map((member) => (
                <MemberOption key={member.memberId} member={member} {...register('memberIds')} />
              ))}
            </ul>
            {(errors.memberIds ?? errors.paperIds) && (
              <p id="assign-members-error" role="alert" className="mt-1 text-sm text-red-700">
                {errors.memberIds?.message ?? errors.paperIds?.message}
              </p>
            )}
          </fieldset>
        )}
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={assign.isPending || sorted.length === 0}>
            {assign.isPending ? 'Assigning...' : 'Assign'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

type Registered = ReturnType<ReturnType<typeof useForm<{ paperIds: string[]; memberIds: string[] }>>['register']>;

function MemberOption({ member, ...field }: { member: MemberChoice } & Registered) {
  const full = member.load >= member.maxPapers;
  const unavailable = Boolean(member.conflict) || Boolean(member.assigned) || full;
  return (
    <li className={unavailable ? 'bg-slate-50' : undefined}>
      <label className={`flex items-start gap-3 px-3 py-2.5 ${unavailable ? 'text-slate-500' : 'text-slate-800'}`}>
        <input type="checkbox" value={member.memberId} disabled={unavailable} className="mt-1 size-4" {...field} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={`font-semibold ${unavailable ? 'text-slate-600' : 'text-slate-900'}`}>{member.name}</span>
            {member.themeMatch && <Badge tone="success">Theme match</Badge>}
            {member.bid && member.bid !== 'conflict' && <Badge tone="info">{BID_LABELS[member.bid]}</Badge>}
            {member.assigned && <Badge tone="neutral">Already reviews it</Badge>}
          </span>
          <span className="block text-sm">
            {member.load} of {member.maxPapers} papers{full ? ' · at their maximum' : ''}
          </span>
          {member.conflict && <span className="block text-sm break-words">Conflict: {member.conflict}</span>}
        </span>
      </label>
    </li>
  );
}

/** "Assign reviewers" from the paper list's bulk actions, on the ticked papers. */
export function BulkAssignReviewersDialog({
  paperIds,
  onClose,
  onFinished,
}: {
  paperIds: string[];
  onClose: () => void;
  onFinished: () => void;
}) {
  const members = useAssignableMembers();
  if (members.isPending)
    return (
      <ModalDialog title="Assign reviewers" onDismiss={onClose}>
        <Spinner label="Loading the committee..." />
      </ModalDialog>
    );
  if (members.isError)
    return (
      <ModalDialog title="Assign reviewers" onDismiss={onClose}>
        <Alert>{errorText(members.error, 'Failed to load the committee.')}</Alert>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </ModalDialog>
    );
  const count = paperIds.length;
  return (
    <AssignReviewersDialog
      paperIds={paperIds}
      target={`the ${formatCount(count)} selected ${count === 1 ? 'paper' : 'papers'}`}
      members={members.data}
      onClose={onClose}
      onAssigned={onFinished}
    />
  );
}
