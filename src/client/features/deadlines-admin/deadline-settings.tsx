import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import {
  CONFERENCE_DATE_INFO,
  CONFERENCE_DATE_KEYS,
  type ConferenceDateKey,
  DEADLINE_MESSAGES,
  formatConferenceTime,
} from '@shared/domain/deadlines.ts';
import type { DateSource } from '@shared/schemas/deadlines.ts';
import { Button } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { conferenceZoneText } from '@shared/domain/conference-datetime.ts';
import { DateChangeHistory } from './date-change-history.tsx';
import {
  DATE_SOURCE_LABELS,
  type DatesFormOutput,
  datesFormSchema,
  type DatesFormValues,
  datesFormValues,
  datesToSave,
  gracePeriodText,
  pendingDateText,
} from './deadline-form.ts';
import { type DeadlineSettings, useDeadlineSettings, useSaveDates } from './deadlines-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

/** The Deadlines page's content: every conference date, editable, and the history of changes. */
export function DeadlineSettingsView({ wordLimitForm }: { wordLimitForm?: (wordLimit: number) => ReactNode }) {
  const settings = useDeadlineSettings();
  if (settings.isPending) return <Spinner label="Loading deadlines..." />;
  if (settings.isError) {
    return (
      <div className="space-y-3">
        <Alert>{errorText(settings.error, 'The deadlines could not be loaded.')}</Alert>
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <DatesForm settings={settings.data} />
      {wordLimitForm?.(settings.data.responseWordLimit)}
      <DateChangeHistory changes={settings.data.changes} />
    </div>
  );
}

const DATE_SOURCE_TONES: Record<DateSource, BadgeTone> = {
  announced: 'neutral',
  configuration: 'info',
  changed: 'attention',
};

/** The columns of a date's row on a wide screen: its title, the saved value, where it comes from, the input. */
const ROW_COLUMNS = 'lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_9.5rem_15rem]';

function DatesForm({ settings }: { settings: DeadlineSettings }) {
  const { dates, sources, graceMinutes } = settings;
  const headingId = useId();
  const zoneNoteId = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    clearErrors,
    formState: { errors, dirtyFields },
  } = useForm<DatesFormValues, unknown, DatesFormOutput>({
    resolver: zodResolver(datesFormSchema),
    // Follows the saved dates when they are fetched again (another organiser's change), keeping what this one typed.
    values: datesFormValues(dates),
    resetOptions: { keepDirtyValues: true },
  });
  const [saved, setSaved] = useState('');
  const save = useSaveDates();
  const editedCount = CONFERENCE_DATE_KEYS.filter((key) => dirtyFields[key]).length;
  const typed = watch();

  const onSubmit = handleSubmit((values) => {
    setSaved('');
    const body = datesToSave(values, dirtyFields);
    if (Object.keys(body).length === 0) return setSaved(DEADLINE_MESSAGES.nothingChanged);
    save.mutate(body, {
      onSuccess: (answer) => {
        reset(datesFormValues(answer.dates));
        setSaved(answer.message);
      },
      // The edits stay, so the admin can correct the date the message names.
      onError: (failure) =>
        setError('root', { message: errorText(failure, 'The dates could not be saved. Please try again.') }),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="space-y-1 border-b border-slate-200 p-4 sm:p-5">
          <h2 id={headingId} className="text-lg font-bold text-brand-900">
            Conference dates
          </h2>
          <p id={zoneNoteId} className="text-sm text-slate-700">
            Dates and times are in {conferenceZoneText()}. The public pages, the authors' pages, the letters and the
            server's checks all follow them.
          </p>
          <p className="text-sm text-slate-700">
            They keep their order: the abstract deadline, then the notification of acceptance, then the payment and full
            paper deadlines, then the conference days. A save that breaks it is refused.
          </p>
          <p className="text-sm text-slate-700" data-testid="grace-period">
            {gracePeriodText(graceMinutes)}
          </p>
        </div>
        <div
          aria-hidden="true"
          className={`hidden gap-4 border-b border-slate-200 bg-slate-50 px-5 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:grid ${ROW_COLUMNS}`}
        >
          <span>Date</span>
          <span>Now</span>
          <span>Source</span>
          <span>New date and time</span>
        </div>
        <ul className="divide-y divide-slate-200">
          {CONFERENCE_DATE_KEYS.map((key) => (
            <DateRow
              key={key}
              dateKey={key}
              value={dates[key]}
              source={sources[key]}
              input={register(key)}
              pending={dirtyFields[key] ? pendingDateText(key, typed[key]) : null}
              error={errors[key]?.message}
              zoneNoteId={zoneNoteId}
            />
          ))}
        </ul>
        <div className="space-y-3 border-t border-slate-200 p-4 sm:p-5">
          {errors.root && <Alert>{errors.root.message}</Alert>}
          <p
            role="status"
            className={saved ? 'rounded-md bg-green-50 px-3 py-2 text-sm text-green-800' : 'sr-only'}
            data-testid="dates-saved"
          >
            {saved}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save dates'}
            </Button>
            {editedCount > 0 && (
              <>
                <Button
                  variant="secondary"
                  disabled={save.isPending}
                  onClick={() => {
                    reset();
                    clearErrors();
                  }}
                >
                  Discard changes
                </Button>
                <p className="text-sm text-slate-600">
                  {editedCount === 1 ? '1 date changed' : `${editedCount} dates changed`}, not saved yet.
                </p>
              </>
            )}
          </div>
        </div>
      </section>
    </form>
  );
}

interface DateRowProps {
  dateKey: ConferenceDateKey;
  /** The saved value, ISO 8601 with its offset. */
  value: string;
  source: DateSource;
  input: UseFormRegisterReturn;
  /** What the input reads while it differs from the saved date, in words; null when it does not differ. */
  pending: string | null;
  error?: string;
  zoneNoteId: string;
}

function DateRow({ dateKey, value, source, input, pending, error, zoneNoteId }: DateRowProps) {
  const edited = pending !== null;
  const inputId = useId();
  const currentId = useId();
  const pendingId = useId();
  const errorId = useId();
  return (
    <li
      className={`grid gap-2 p-4 sm:px-5 lg:items-center lg:gap-4 lg:py-3 ${ROW_COLUMNS} ${edited ? 'bg-amber-50/60' : ''}`}
      data-testid="date-row"
      data-key={dateKey}
    >
      <label htmlFor={inputId} className="font-semibold text-slate-900">
        {CONFERENCE_DATE_INFO[dateKey].title}
      </label>
      {/* One line on a phone; on a wide screen each part takes its column. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 lg:contents">
        <p id={currentId} className="text-sm text-slate-700">
          <span className="lg:sr-only">Now: </span>
          <time dateTime={value}>{formatConferenceTime(value)}</time>
        </p>
        <p className="text-sm">
          <span className="sr-only">Source: </span>
          <Badge tone={DATE_SOURCE_TONES[source]}>{DATE_SOURCE_LABELS[source]}</Badge>
        </p>
      </div>
      <div>
        <input
          id={inputId}
          type="datetime-local"
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={[currentId, zoneNoteId, edited ? pendingId : '', error ? errorId : '']
            .filter(Boolean)
            .join(' ')}
          className="block w-full rounded-md border border-slate-300 aria-[invalid=true]:border-red-600 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:max-w-xs lg:max-w-none lg:text-sm"
        />
        {edited && (
          <p id={pendingId} className="mt-1 text-xs font-medium text-amber-900">
            {pending}
          </p>
        )}
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
