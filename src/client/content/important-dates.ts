import {
  CONFERENCE_DATE_INFO,
  CONFERENCE_DATE_KEYS,
  type ConferenceDateKey,
  type ConferenceDateKind,
  type ConferenceDates,
  conferenceDay,
  formatConferenceClock,
  formatConferenceDate,
  formatDateRange,
} from '@shared/domain/deadlines.ts';
import { conference } from './conference.ts';

export interface KeyDate {
  /** Unique within the timeline. */
  id: ConferenceDateKey | 'conference';
  /** The date as visitors read it: "15 October 2025", or "15-17 December 2025" for the conference. */
  label: string;
  /** The closing time of a deadline: "until 23:59 IST". */
  until?: string;
  /** The (first) day, for the <time> element. */
  isoDate: string;
  title: string;
  detail?: string;
  kind: Exclude<ConferenceDateKind, 'committee'>;
}

/** The dates that close something, where the time of day matters. */
const DEADLINE_KEYS: readonly ConferenceDateKey[] = [
  'abstractDeadline',
  'earlyBirdCloses',
  'paymentDeadline',
  'fullPaperDeadline',
];

/** The early-bird sentence of the home page, the timeline and the payment instructions. */
export function earlyBirdRateText(dates: ConferenceDates): string {
  return `The early-bird rate applies to payments received on or before ${formatConferenceDate(dates.earlyBirdCloses)}.`;
}

/**
 * The timeline of the Important Dates page (spec section 9) from the dates in force, in date
 * order; the conference's days are one entry.
 */
export function keyDatesOf(dates: ConferenceDates): KeyDate[] {
  // The conference's days are one entry (below); the committee's dates are not the public's.
  const publicKeys = CONFERENCE_DATE_KEYS.flatMap((key) => {
    const { kind } = CONFERENCE_DATE_INFO[key];
    return kind === 'conference' || kind === 'committee' ? [] : [{ key, kind }];
  });
  const entries = publicKeys.map(({ key, kind }): KeyDate & { at: string } => ({
    id: key,
    at: dates[key],
    label: formatConferenceDate(dates[key]),
    until: DEADLINE_KEYS.includes(key) ? `until ${formatConferenceClock(dates[key])}` : undefined,
    isoDate: conferenceDay(dates[key]),
    title: CONFERENCE_DATE_INFO[key].title,
    detail: key === 'earlyBirdCloses' ? earlyBirdRateText(dates) : undefined,
    kind,
  }));
  entries.push({
    id: 'conference',
    at: dates.conferenceStarts,
    label: formatDateRange(dates.conferenceStarts, dates.conferenceEnds),
    isoDate: conferenceDay(dates.conferenceStarts),
    title: `${conference.shortName} conference`,
    detail: conference.venue,
    kind: 'conference',
  });
  // A stable sort: dates at the same instant keep the order of CONFERENCE_DATE_KEYS.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).map(({ at: _at, ...keyDate }) => keyDate);
}
