import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DECISION_RELEASE_MODE_LABELS,
  DECISION_RELEASE_MODES,
  DECISION_RELEASE_TEXTS,
  type DecisionReleaseMode,
} from '@shared/domain/decision-release.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { setDecisionReleaseBodySchema } from '@shared/schemas/decision-release.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useDecisionRelease, useSaveReleaseMode } from './decision-release-api.ts';

const DESCRIPTIONS: Record<DecisionReleaseMode, (notificationDate: string) => string> = {
  on_entry: () => 'Each author is told the moment the decision is saved.',
  on_release: () => 'Decisions are held: the authors see nothing until you use “Release decisions…” in the paper list.',
  on_notification_date: (date) =>
    `Decisions are held until the notification date (${formatConferenceTime(date)}), then released together; you can also release them earlier from the paper list.`,
};

/** "Release decisions" on the Deadlines page: when a decision reaches its author. */
export function ReleaseSetting() {
  const settings = useDecisionRelease();
  if (settings.isPending) return <Spinner label="Loading the release of decisions..." />;
  if (settings.isError)
    return <Alert>{errorText(settings.error, 'The release of decisions could not be loaded.')}</Alert>;
  return (
    <ReleaseChoice
      key={settings.data.mode}
      current={settings.data.mode}
      notificationDate={settings.data.notificationDate}
      held={settings.data.held.total}
    />
  );
}

function ReleaseChoice({
  current,
  notificationDate,
  held,
}: {
  current: DecisionReleaseMode;
  notificationDate: string;
  held: number;
}) {
  const toast = useToast();
  const save = useSaveReleaseMode();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, watch } = useForm({
    resolver: zodResolver(setDecisionReleaseBodySchema),
    defaultValues: { mode: current },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const chosen = watch('mode');
  const onSubmit = handleSubmit(({ mode }) => {
    setFailure(undefined);
    save.mutate(mode, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => setFailure(errorText(error, 'The setting could not be saved. Please try again.')),
    });
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Release decisions"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <fieldset>
        <legend className="font-semibold text-slate-900">Release decisions</legend>
        <div className="mt-2 grid gap-2 md:grid-cols-3">
          {DECISION_RELEASE_MODES.map((mode) => (
            <label
              key={mode}
              className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={mode} className="mt-0.5 size-4" {...register('mode')} />
              <span>
                <span className="font-semibold text-slate-900">{DECISION_RELEASE_MODE_LABELS[mode]}</span>
                <span className="mt-0.5 block text-slate-700">{DESCRIPTIONS[mode](notificationDate)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-sm text-slate-700" data-testid="held-count">
        {held === 0 ? DECISION_RELEASE_TEXTS.nothingHeld : DECISION_RELEASE_TEXTS.stillHeld(held)}
      </p>
      {failure && <Alert className="mt-3">{failure}</Alert>}
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="secondary" disabled={save.isPending || chosen === current}>
          {save.isPending ? 'Saving...' : 'Save release setting'}
        </Button>
      </div>
    </form>
  );
}
