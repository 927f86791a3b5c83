import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { COMMITTEE_MEMBER_STATUS_LABELS } from '@shared/domain/committee.ts';
import { CONFLICT_LIMITS, unliftableReason } from '@shared/domain/conflicts.ts';
import {
  type ConflictHistoryEntry,
  type DeclareConflictBody,
  declareConflictBodySchema,
  type LiftConflictBody,
  liftConflictBodySchema,
  type MemberConflict,
} from '@shared/schemas/conflicts.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextAreaField } from '@client/components/ui/form-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { type ConflictChange, useConflictChange, usePaperConflicts } from './conflicts-api.ts';

type Dialog = { kind: 'declare' } | { kind: 'lift'; member: MemberConflict } | null;

/** The paper's conflicts of interest with the committee: found, declared and lifted, and their history. */
export function PaperConflicts({ paperId }: { paperId: string }) {
  const conflicts = usePaperConflicts(paperId);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (conflicts.isPending) return <Spinner label="Loading conflicts of interest..." />;
  if (conflicts.isError) return <Alert>Failed to load the conflicts of interest. Please try again.</Alert>;
  const { members, history } = conflicts.data;
  if (members.length === 0)
    return (
      <p className="text-slate-600">
        No one is on the programme committee yet: invite reviewers from the Committee section of the dashboard.
      </p>
    );
  const listed = members.filter((member) => member.conflicted || member.record?.kind === 'lifted');
  const free = members.filter((member) => !member.conflicted);
  return (
    <section aria-labelledby="conflicts-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h3 id="conflicts-heading" className="text-lg font-semibold text-slate-900">
            Conflicts of interest
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            A conflicted member is never assigned to this paper and never sees it. Conflicts are found from the authors’
            names and institutions and the submitter’s e-mail domain; declare any other, or lift one found in error.
          </p>
        </div>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'declare' })} disabled={free.length === 0}>
          Declare a conflict
        </Button>
      </div>
      {listed.length === 0 ? (
        <p className="rounded-lg border border-slate-200 p-4 text-slate-600">
          No member of the committee is conflicted with this paper.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Conflicted members">
          {listed.map((member) => (
            <ConflictRow
              key={member.memberId}
              paperId={paperId}
              member={member}
              onLift={() => setDialog({ kind: 'lift', member })}
            />
          ))}
        </ul>
      )}
      {history.length > 0 && <ConflictHistory history={history} />}
      {dialog?.kind === 'declare' && (
        <DeclareConflictDialog paperId={paperId} members={free} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'lift' && (
        <LiftConflictDialog paperId={paperId} member={dialog.member} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function recordText(record: NonNullable<MemberConflict['record']>): string {
  const by = record.recordedBy ? ` by ${record.recordedBy}` : '';
  const when = formatDateTime(record.recordedAt);
  if (record.kind === 'declared_by_member') return `Declared by the member, ${when}`;
  if (record.kind === 'declared_by_organiser') return `Declared${by}, ${when}`;
  return `Lifted${by}, ${when}`;
}

function ConflictRow({ paperId, member, onLift }: { paperId: string; member: MemberConflict; onLift: () => void }) {
  const change = useConflictChange(paperId);
  const toast = useToast();
  const act = (action: 'withdraw' | 'restore') =>
    change.mutate({ action, memberId: member.memberId } satisfies ConflictChange, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorText(error, 'The conflict could not be changed. Please try again.')),
    });
  const lifted = member.record?.kind === 'lifted' && !member.conflicted;
  const unliftable = unliftableReason(member.automatic.map((found) => found.kind));
  return (
    <li className="space-y-2 p-4" data-testid="conflict-row" data-member={member.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words text-slate-900">{member.name}</span>
        <Badge tone={lifted ? 'neutral' : 'danger'}>{lifted ? 'Lifted' : 'Conflicted'}</Badge>
        {member.status === 'invited' && <Badge tone="info">{COMMITTEE_MEMBER_STATUS_LABELS.invited}</Badge>}
      </div>
      <p className="text-sm break-all text-slate-600">{member.email}</p>
      {member.automatic.length > 0 && (
        <ul className={`list-disc pl-5 text-sm ${lifted ? 'text-slate-500 line-through' : 'text-slate-800'}`}>
          {member.automatic.map((found) => (
            <li key={found.reason}>{found.reason}</li>
          ))}
        </ul>
      )}
      {member.record && (
        <p className="text-sm text-slate-700">
          {recordText(member.record)}
          {member.record.note && <span className="break-words whitespace-pre-line"> · “{member.record.note}”</span>}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {unliftable ? (
          <p className="text-sm text-slate-600">{unliftable}</p>
        ) : (
          member.automatic.length > 0 &&
          member.record === null && (
            <Button variant="secondary" onClick={onLift}>
              Lift…
            </Button>
          )
        )}
        {member.record?.kind === 'declared_by_organiser' && (
          <Button variant="secondary" onClick={() => act('withdraw')} disabled={change.isPending}>
            {change.isPending ? 'Withdrawing...' : 'Withdraw'}
          </Button>
        )}
        {lifted && (
          <Button variant="secondary" onClick={() => act('restore')} disabled={change.isPending}>
            {change.isPending ? 'Restoring...' : 'Restore the conflict'}
          </Button>
        )}
      </div>
    </li>
  );
}

const HISTORY_WORDS: Record<ConflictHistoryEntry['kind'], string> = {
  declared_by_member: 'declared by the member',
  declared_by_organiser: 'declared',
  lifted: 'lifted',
};

function ConflictHistory({ history }: { history: ConflictHistoryEntry[] }) {
  return (
    <details className="rounded-lg border border-slate-200 p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">History ({history.length})</summary>
      <ol className="mt-3 space-y-2" aria-label="Conflict history, oldest first">
        {history.map((entry) => (
          <li key={`${entry.memberName}-${entry.recordedAt}`} className="text-slate-700">
            <span className="font-medium text-slate-900">{entry.memberName}</span>: conflict {HISTORY_WORDS[entry.kind]}
            {entry.recordedBy && ` by ${entry.recordedBy}`}, {formatDateTime(entry.recordedAt)}
            {entry.note && <span className="break-words"> · “{entry.note}”</span>}
            {entry.endedAt && (
              <span>
                {' '}
                · ended{entry.endedBy && ` by ${entry.endedBy}`}, {formatDateTime(entry.endedAt)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

function DeclareConflictDialog({
  paperId,
  members,
  onClose,
}: {
  paperId: string;
  members: MemberConflict[];
  onClose: () => void;
}) {
  const change = useConflictChange(paperId);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeclareConflictBody, unknown, DeclareConflictBody>({
    resolver: zodResolver(declareConflictBodySchema),
    defaultValues: { memberId: members[0]!.memberId, note: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit((body) => {
    setFailure(null);
    change.mutate(
      { action: 'declare', body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => setFailure(errorText(error, 'The conflict could not be declared. Please try again.')),
      },
    );
  });
  return (
    <ModalDialog title="Declare a conflict" onDismiss={change.isPending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SelectField
          label="Member"
          options={members.map((member) => ({ value: member.memberId, label: `${member.name} (${member.email})` }))}
          error={errors.memberId?.message}
          {...register('memberId')}
        />
        <TextAreaField
          label="Note"
          rows={3}
          maxLength={CONFLICT_LIMITS.note}
          hint="Why they should not review this paper: a student, a close collaborator, a relative. Kept with the paper; the member does not see it."
          error={errors.note?.message}
          {...register('note')}
        />
        {failure && <Alert>{failure}</Alert>}
        <DialogButtons pending={change.isPending} onClose={onClose} label="Declare" pendingLabel="Declaring..." />
      </form>
    </ModalDialog>
  );
}

function LiftConflictDialog({
  paperId,
  member,
  onClose,
}: {
  paperId: string;
  member: MemberConflict;
  onClose: () => void;
}) {
  const change = useConflictChange(paperId);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LiftConflictBody, unknown, LiftConflictBody>({
    resolver: zodResolver(liftConflictBodySchema),
    defaultValues: { reason: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(({ reason }) => {
    setFailure(null);
    change.mutate(
      { action: 'lift', memberId: member.memberId, reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => setFailure(errorText(error, 'The conflict could not be lifted. Please try again.')),
      },
    );
  });
  return (
    <ModalDialog title={`Lift the conflict of ${member.name}`} onDismiss={change.isPending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {member.automatic.map((found) => (
            <li key={found.reason}>{found.reason}</li>
          ))}
        </ul>
        <TextAreaField
          label="Reason"
          rows={3}
          maxLength={CONFLICT_LIMITS.note}
          hint="Why this is not a conflict (a common name, an employer they have left). Kept with the paper."
          error={errors.reason?.message}
          {...register('reason')}
        />
        {failure && <Alert>{failure}</Alert>}
        <DialogButtons
          pending={change.isPending}
          onClose={onClose}
          label="Lift the conflict"
          pendingLabel="Lifting..."
        />
      </form>
    </ModalDialog>
  );
}

function DialogButtons(props: { pending: boolean; onClose: () => void; label: string; pendingLabel: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={props.onClose} disabled={props.pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.label}
      </Button>
    </div>
  );
}
