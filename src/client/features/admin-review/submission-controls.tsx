import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_MESSAGES,
  type AdminPaper,
  type SubmissionHistoryEntry,
  toggleAbstractBodySchema,
} from '../../../shared/schemas/admin-paper.ts';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { toggleFailureText, toggleSuccessText } from './admin-messages.ts';
import { usePaperHistory, useToggleSubmission } from './admin-papers-api.ts';
import type { SubmissionKind } from './history-timeline.ts';

const ROW_LABELS: Record<SubmissionKind, string> = { abstract: 'Abstract', fullpaper: 'Full Paper' };
/** The reason as the toggle bodies take it: trimmed, and no longer than the textarea allows. */
const resetReasonFormSchema = toggleAbstractBodySchema.pick({ reason: true });

type TogglePaper = Pick<AdminPaper, '_id' | 'version' | 'pdfPath' | 'fullPaperPdfPath'>;

/**
 * Reset or restore the abstract and the full paper (spec 2.7, 4). A reset needs an existing
 * file; a restore is offered when the file is gone but the history holds a reset version.
 */
export function SubmissionControls({ paper }: { paper: TogglePaper }) {
  const history = usePaperHistory(paper._id);
  const hasResetVersion = (entries: SubmissionHistoryEntry[] | undefined) =>
    entries?.some((entry) => entry.status === 'reset_by_admin') ?? false;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      <SubmissionRow
        paper={paper}
        kind="abstract"
        hasFile={paper.pdfPath !== null}
        canRestore={hasResetVersion(history.data?.abstractSubmissionHistory)}
      />
      <SubmissionRow
        paper={paper}
        kind="fullpaper"
        hasFile={paper.fullPaperPdfPath !== null}
        canRestore={hasResetVersion(history.data?.fullPaperSubmissionHistory)}
      />
    </ul>
  );
}

interface SubmissionRowProps {
  paper: TogglePaper;
  kind: SubmissionKind;
  hasFile: boolean;
  canRestore: boolean;
}

function SubmissionRow({ paper, kind, hasFile, canRestore }: SubmissionRowProps) {
  const toast = useToast();
  const toggle = useToggleSubmission(paper._id);
  const [askingReason, setAskingReason] = useState(false);
  const label = ROW_LABELS[kind];

  const send = (reset: boolean, reason: string) =>
    toggle.mutate(
      { kind, reset, reason, version: paper.version },
      {
        onSuccess: (answer) => {
          setAskingReason(false);
          toast.success(toggleSuccessText(kind, reset, answer.message));
        },
        onError: (error) => {
          setAskingReason(false);
          // 409: another admin changed the paper; the paper is read again (the mutation refreshes it).
          if (error instanceof ApiError && error.status === 409)
            toast.error(error.serverMessage ?? ADMIN_MESSAGES.conflict);
          else toast.error(toggleFailureText(kind));
        },
      },
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid={`submission-row-${kind}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
          {label}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${hasFile ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'}`}
          >
            {hasFile ? 'Submitted' : 'Not Submitted'}
          </span>
        </p>
        <p className="mt-0.5 text-xs text-slate-500">Reset to allow re-upload</p>
      </div>
      <div className="flex gap-2">
        {!hasFile && canRestore && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={toggle.isPending}
            onClick={() => send(false, '')}
          >
            Restore<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        )}
        <Button
          variant="danger"
          className="px-3 py-1.5 disabled:opacity-50"
          disabled={!hasFile || toggle.isPending}
          onClick={() => setAskingReason(true)}
        >
          Reset<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      {askingReason && (
        <ResetReasonDialog
          label={label}
          pending={toggle.isPending}
          onCancel={() => setAskingReason(false)}
          onConfirm={(reason) => send(true, reason)}
        />
      )}
    </li>
  );
}

interface ResetReasonDialogProps {
  label: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

function ResetReasonDialog({ label, pending, onCancel, onConfirm }: ResetReasonDialogProps) {
  const reasonId = useId();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(resetReasonFormSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <ModalDialog title={`Reset ${label} Submission`} onDismiss={pending ? undefined : onCancel}>
      <form onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-700">
          The author will be asked to upload the {label.toLowerCase()} again. The current file stays in the submission
          history and can be restored.
          {label === 'Abstract' &&
            ' A new abstract sends the paper back to Review Awaited; its payment and full paper are kept.'}
        </p>
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-700">
            Reason for the reset
          </label>
          <textarea
            id={reasonId}
            autoFocus
            rows={3}
            maxLength={2000}
            {...register('reason')}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <p className="mt-1 text-xs text-slate-500">Recorded in the submission history.</p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? 'Resetting...' : `Reset ${label}`}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
