import { useState } from 'react';
import { REVIEW_REMINDER_TEXTS } from '@shared/domain/review-reminders.ts';
import type { AutomaticReminders } from '@shared/schemas/review-reminders.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useAutomaticReminders, useSetAutomaticReminders } from './committee-api.ts';

/** The automatic reminders before the review deadline: a switch, and each round's time or when it went. */
export function AutomaticRemindersSetting() {
  const reminders = useAutomaticReminders();
  if (reminders.isPending) return <Spinner label="Loading the reminders..." />;
  if (reminders.isError) return <Alert>{errorText(reminders.error, 'Failed to load the automatic reminders.')}</Alert>;
  return <RemindersSwitch reminders={reminders.data.reminders} />;
}

function RemindersSwitch({ reminders }: { reminders: AutomaticReminders }) {
  const toast = useToast();
  const save = useSetAutomaticReminders();
  const [failure, setFailure] = useState<string>();
  const now = Date.now();
  return (
    <section aria-label="Automatic reminders" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <label className="flex items-start gap-3 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5 size-4 shrink-0"
          checked={reminders.automatic}
          disabled={save.isPending}
          onChange={(event) => {
            setFailure(undefined);
            save.mutate(event.target.checked, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => setFailure(errorText(error, 'The setting could not be saved. Please try again.')),
            });
          }}
        />
        {REVIEW_REMINDER_TEXTS.label}
      </label>
      {!reminders.byEmail && <p className="mt-2 pl-7 text-sm text-slate-600">{REVIEW_REMINDER_TEXTS.siteOnly}</p>}
      <ul className="mt-2 space-y-1 pl-7 text-sm text-slate-700">
        {reminders.rounds.map((round) => (
          <li key={round.daysBefore} data-testid="reminder-round">
            <span className="font-medium">
              {round.daysBefore} {round.daysBefore === 1 ? 'day' : 'days'} before:
            </span>{' '}
            {round.sentAt !== null
              ? REVIEW_REMINDER_TEXTS.sent(round.members ?? 0, round.sentAt)
              : Date.parse(round.dueAt) > now
                ? REVIEW_REMINDER_TEXTS.due(round.dueAt)
                : REVIEW_REMINDER_TEXTS.notSent}
          </li>
        ))}
      </ul>
      {failure && <Alert className="mt-3">{failure}</Alert>}
    </section>
  );
}
