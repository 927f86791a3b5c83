import { z } from 'zod';
import {
  CONFERENCE_DATE_INFO,
  CONFERENCE_DATE_KEYS,
  type ConferenceDateKey,
  type ConferenceDates,
  formatConferenceTime,
} from '@shared/domain/deadlines.ts';
import type { DateSource, UpdateDeadlinesBody } from '@shared/schemas/deadlines.ts';
import { fromConferenceInputValue, toConferenceInputValue } from '@shared/domain/conference-datetime.ts';

/** The form's values: each date's datetime-local input, in the conference's time zone. */
export type DatesFormValues = Record<ConferenceDateKey, string>;

/** Dates that end something: they take their whole minute, as the announced 23:59:59 do. */
const CLOSING_DATE_KEYS: readonly ConferenceDateKey[] = [
  'abstractDeadline',
  'biddingCloses',
  'reviewDeadline',
  'earlyBirdCloses',
  'paymentDeadline',
  'fullPaperDeadline',
];

export const DATE_SOURCE_LABELS: Record<DateSource, string> = {
  announced: 'Announced',
  configuration: 'From configuration',
  changed: 'Changed',
};

/** The inputs' values for the saved dates. */
export function datesFormValues(dates: ConferenceDates): DatesFormValues {
  return Object.fromEntries(
    CONFERENCE_DATE_KEYS.map((key) => [key, toConferenceInputValue(dates[key])]),
  ) as DatesFormValues;
}

/** An input read as ISO 8601 with the conference zone's offset; an input left empty or half-filled is refused, named. */
function conferenceDateInput(key: ConferenceDateKey) {
  return z.string().transform((value, context) => {
    const iso = fromConferenceInputValue(value, { closing: CLOSING_DATE_KEYS.includes(key) });
    if (iso) return iso;
    context.addIssue({ code: 'custom', message: `${CONFERENCE_DATE_INFO[key].title}: enter a whole date and time.` });
    return z.NEVER;
  });
}

/** The Deadlines form: every date's input, as the save's body will carry it. */
export const datesFormSchema = z.object(
  Object.fromEntries(CONFERENCE_DATE_KEYS.map((key) => [key, conferenceDateInput(key)])) as Record<
    ConferenceDateKey,
    ReturnType<typeof conferenceDateInput>
  >,
);

/** The dates as the form reads them: ISO 8601 with the conference zone's offset. */
export type DatesFormOutput = z.output<typeof datesFormSchema>;

/** The body of the save: only the dates the admin changed (`edited`, the form's dirty fields). */
export function datesToSave(
  dates: DatesFormOutput,
  edited: Partial<Record<ConferenceDateKey, boolean>>,
): UpdateDeadlinesBody {
  return Object.fromEntries(CONFERENCE_DATE_KEYS.filter((key) => edited[key]).map((key) => [key, dates[key]]));
}

/**
 * "Not saved yet: 2 November 2025 10:30 IST": the typed date in words beside its input, which the
 * browser may show as mm/dd/yyyy with AM/PM.
 */
export function pendingDateText(key: ConferenceDateKey, typed: string): string {
  const iso = fromConferenceInputValue(typed, { closing: CLOSING_DATE_KEYS.includes(key) });
  return iso ? `Not saved yet: ${formatConferenceTime(iso)}` : 'Not saved yet';
}

/** "Grace period: none." or "Grace period: 15 minutes after each deadline, from DEADLINE_GRACE_MINUTES." */
export function gracePeriodText(minutes: number): string {
  if (minutes <= 0) return 'Grace period: none.';
  return `Grace period: ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after each deadline, from DEADLINE_GRACE_MINUTES.`;
}
