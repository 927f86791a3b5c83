import {
  CONFERENCE_DATE_INFO,
  CONFERENCE_DATE_KEYS,
  type ConferenceDateKey,
  type ConferenceDates,
} from '../../../shared/domain/deadlines.ts';
import type { DateSource } from '../../../shared/schemas/deadlines.ts';
import { fromConferenceInputValue, toConferenceInputValue } from '../../lib/conference-datetime.ts';

/** What the admin typed into each date's input (datetime-local values in IST); absent: not touched. */
export type DateEdits = Partial<Record<ConferenceDateKey, string>>;

/** Dates that end something: they take their whole minute, as the announced 23:59:59 do. */
const CLOSING_DATE_KEYS: readonly ConferenceDateKey[] = [
  'abstractDeadline',
  'earlyBirdCloses',
  'paymentDeadline',
  'fullPaperDeadline',
];

export const DATE_SOURCE_LABELS: Record<DateSource, string> = {
  announced: 'Announced',
  configuration: 'From configuration',
  changed: 'Changed',
};

/** The input's value: the admin's edit, else the saved date. */
export function inputValueOf(dates: ConferenceDates, edits: DateEdits, key: ConferenceDateKey): string {
  return edits[key] ?? toConferenceInputValue(dates[key]);
}

/** Whether the input shows something else than the saved date. */
export function isEdited(dates: ConferenceDates, edits: DateEdits, key: ConferenceDateKey): boolean {
  return edits[key] !== undefined && edits[key] !== toConferenceInputValue(dates[key]);
}

export type DatesToSave = { body: Partial<Record<ConferenceDateKey, string>> } | { error: string };

/**
 * The body of the save: only the dates the admin changed, as ISO 8601 with IST's offset. An input
 * left empty or half-filled stops the save, named.
 */
export function datesToSave(dates: ConferenceDates, edits: DateEdits): DatesToSave {
  const body: Partial<Record<ConferenceDateKey, string>> = {};
  for (const key of CONFERENCE_DATE_KEYS) {
    if (!isEdited(dates, edits, key)) continue;
    const value = fromConferenceInputValue(edits[key]!, { closing: CLOSING_DATE_KEYS.includes(key) });
    if (!value) return { error: `${CONFERENCE_DATE_INFO[key].title}: enter a whole date and time.` };
    body[key] = value;
  }
  return { body };
}

/** "Grace period: none." or "Grace period: 15 minutes after each deadline, from DEADLINE_GRACE_MINUTES." */
export function gracePeriodText(minutes: number): string {
  if (minutes <= 0) return 'Grace period: none.';
  return `Grace period: ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after each deadline, from DEADLINE_GRACE_MINUTES.`;
}
