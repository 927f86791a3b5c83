import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  type AdminPaper,
  type SubmissionHistoryEntry,
  toggleAbstractBodySchema,
} from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { DateTimeField } from '@client/components/ui/date-time-field.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { ApiError } from '@client/lib/api.ts';
import { fromConferenceInputValue } from '@shared/domain/conference-datetime.ts';
import { useToast } from '@client/lib/toast.tsx';
import { toggleFailureText, toggleSuccessText } from './admin-messages.ts';
import { usePaperHistory, useToggleSubmission } from './admin-papers-api.ts';
import type { SubmissionKind } from './history-timeline.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';

const ROW_LABELS: Record<SubmissionKind, string> = { abstract: 'Abstract', fullpaper: 'Full Paper' };
/**
 * The reason as the toggle bodies take it (trimmed, no longer than the textarea allows), and the
 * re-upload date as the input holds it: the conference's time zone, empty for none.
 */
const resetFormSchema = toggleAbstractBodySchema.pick({ reason: true }).extend({ reuploadUntil: z.string() });

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
  /** The server's refusal of the reset's details (a re-upload date in the past), said in the dialog. */
  const [resetRefusal, setResetRefusal] = useState<string | null>(null);
  const label = ROW_LABELS[kind];

  const send = (reset: boolean, reason: string, reuploadUntil?: string) =>
    toggle.mutate(
      { kind, reset, reason, version: paper.version, reuploadUntil },
      {
        onSuccess: (answer) => {
          setAskingReason(false);
          toast.success(toggleSuccessText(kind, reset, answer.message));
        },
        onError: (error) => {
          // The dialog stays, with what the admin wrote, so the date can be corrected.
          if (reset && error instanceof ApiError && error.status === 400 && error.serverMessage)
            return setResetRefusal(error.serverMessage);
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
          <Badge tone={hasFile ? 'success' : 'neutral'}>{hasFile ? 'Submitted' : 'Not Submitted'}</Badge>
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
          onClick={() => {
            setResetRefusal(null);
            setAskingReason(true);
          }}
        >
          Reset<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      {askingReason && (
        <ResetReasonDialog
          label={label}
          pending={toggle.isPending}
          refusal={resetRefusal}
          onCancel={() => setAskingReason(false)}
          onConfirm={(reason, reuploadUntil) => send(true, reason, reuploadUntil)}
        />
      )}
    </li>
  );
}

interface ResetReasonDialogProps {
  label: string;
  pending: boolean;
  /** Why the server refused the last try, if it did. */
  refusal: string | null;
  onCancel: () => void;
  /** `reuploadUntil`: ISO 8601 with the conference zone's offset, or undefined to keep the upload open until it is done. */
  onConfirm: (reason: string, reuploadUntil: string | undefined) => void;
}

function ResetReasonDialog({ label, pending, refusal, onCancel, onConfirm }: ResetReasonDialogProps) {
  const reasonId = useId();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { reason: '', reuploadUntil: '' },
  });
  // An unfinished date reads as empty in the input, the same as none.
  const onSubmit = handleSubmit(({ reason, reuploadUntil }) =>
    onConfirm(reason, fromConferenceInputValue(reuploadUntil, { closing: true }) ?? undefined),
  );
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
        <DateTimeField
          label="Re-upload open until (optional)"
          hint="Leave empty to keep the upload open until the author re-uploads."
          {...register('reuploadUntil')}
        />
        {refusal && <Alert>{refusal}</Alert>}
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
