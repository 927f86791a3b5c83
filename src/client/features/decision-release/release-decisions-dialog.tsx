import { useEffect, useRef, useState } from 'react';
import { PAPER_STATUS_LABELS } from '@shared/constants.ts';
import type { ReleasePreview } from '@shared/schemas/decision-release.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { SkippedPapersList } from '@client/components/skipped-papers-list.tsx';
import { errorText } from '@client/lib/api.ts';
import { previewRelease, type ReleaseOutcome, type ReleaseScope, useReleaseDecisions } from './decision-release-api.ts';

type Step =
  | { kind: 'loading' }
  | { kind: 'confirm'; preview: ReleasePreview }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'finished'; outcome: ReleaseOutcome }
  | { kind: 'failed'; message: string };

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * "Release decisions…": how many held decisions of each kind the selection (or the whole
 * conference) has and the e-mails that will go, then the release batch by batch with progress.
 */
export function ReleaseDecisionsDialog({ scope, onClose }: { scope: ReleaseScope; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const release = useReleaseDecisions();
  const running = useRef(false);

  useEffect(() => {
    let current = true;
    previewRelease(scope).then(
      (preview) => current && setStep({ kind: 'confirm', preview }),
      (error: unknown) =>
        current && setStep({ kind: 'failed', message: errorText(error, 'The held decisions could not be counted.') }),
    );
    return () => {
      current = false;
    };
  }, [scope]);

  const start = async (total: number) => {
    // A second click while the first is under way must not release twice (the server would not either).
    if (running.current) return;
    running.current = true;
    setStep({ kind: 'running', done: 0, total });
    try {
      const outcome = await release.mutateAsync({
        scope,
        onProgress: (done) => setStep({ kind: 'running', done, total }),
      });
      setStep({ kind: 'finished', outcome });
    } catch (error) {
      setStep({ kind: 'failed', message: errorText(error, 'The release stopped.') });
    }
  };

  const busy = step.kind === 'running';
  return (
    <ModalDialog title="Release decisions" onDismiss={busy ? undefined : onClose}>
      {step.kind === 'loading' && <Spinner label="Counting the held decisions..." />}
      {step.kind === 'confirm' && <Confirm preview={step.preview} scope={scope} onStart={start} onClose={onClose} />}
      {step.kind === 'running' && (
        <div className="space-y-3">
          <progress
            className="w-full"
            max={Math.max(step.total, 1)}
            value={step.done}
            aria-label="Decisions released"
          />
          <p role="status" tabIndex={-1} autoFocus className="text-sm text-slate-700 outline-none">
            Releasing: {formatCount(step.done)} of {formatCount(step.total)} done...
          </p>
        </div>
      )}
      {step.kind === 'finished' && (
        <div className="space-y-4">
          <p role="status" className="font-semibold text-slate-900" data-testid="release-summary">
            {plural(step.outcome.released.length, 'decision', 'decisions')} released.
          </p>
          <SkippedPapersList papers={step.outcome.skipped} label="Still held" />
          <div className="flex justify-end">
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        </div>
      )}
      {step.kind === 'failed' && (
        <div className="space-y-4">
          <Alert>{step.message} What was released stays released; the rest stays held: run it again.</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

function Confirm({
  preview,
  scope,
  onStart,
  onClose,
}: {
  preview: ReleasePreview;
  scope: ReleaseScope;
  onStart: (total: number) => Promise<void>;
  onClose: () => void;
}) {
  const { held, emails, byEmail } = preview;
  if (held.total === 0) {
    return (
      <div className="space-y-4">
        <p className="text-slate-800" data-testid="release-none">
          {scope.paperIds ? 'None of the selected papers has a held decision.' : 'No decision is held.'}
        </p>
        <div className="flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="font-semibold text-slate-900" data-testid="release-count">
        {plural(held.total, 'held decision', 'held decisions')}
        {scope.paperIds ? ' among the selected papers' : ''}:
      </p>
      <ul className="list-disc pl-5 text-sm text-slate-800">
        {(['abstract_accepted', 'declined'] as const).map((status) =>
          held[status] > 0 ? (
            <li key={status}>
              {PAPER_STATUS_LABELS[status]}: {formatCount(held[status])}
            </li>
          ) : null,
        )}
      </ul>
      <p className="text-sm text-slate-700" data-testid="release-emails">
        {byEmail
          ? `${plural(emails, 'e-mail', 'e-mails')} will go to the authors, with a notification in the site.`
          : `No mail server is configured: the ${plural(emails, 'author is', 'authors are')} told in the site, and ${emails === 1 ? 'the e-mail waits' : 'the e-mails wait'} unsent in the Outbox.`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void onStart(held.total)}>Release {plural(held.total, 'decision', 'decisions')}</Button>
      </div>
    </div>
  );
}
