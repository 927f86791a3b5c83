import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import {
  CONFERENCE_DATE_VARIABLES,
  type ConferenceDateKey,
  datesOutOfOrder,
  type ConferenceDates,
} from '@shared/domain/deadlines.ts';

/**
 * Far-off deadlines for test and benchmark servers, whose authors act whatever today is: the
 * notification and the conference days move with them, so the calendar stays in order.
 */
export const OPEN_DEADLINES = {
  // Opened already whatever conference the server runs (another's file may announce a later day).
  abstractOpens: '2025-07-21T00:00:00+05:30',
  abstractDeadline: '2099-12-31T23:59:59+05:30',
  biddingOpens: '2025-07-21T00:00:00+05:30',
  biddingCloses: '2099-12-30T23:59:59+05:30',
  reviewDeadline: '2099-12-31T23:59:59+05:30',
  authorResponseDeadline: '2099-12-31T23:59:59+05:30',
  notification: '2099-12-31T23:59:59+05:30',
  paymentDeadline: '2099-12-31T23:59:59+05:30',
  fullPaperDeadline: '2099-12-31T23:59:59+05:30',
  conferenceStarts: '2100-01-04T09:00:00+05:30',
  conferenceEnds: '2100-01-06T18:00:00+05:30',
} satisfies Partial<Record<ConferenceDateKey, string>>;

// A test server whose own calendar is out of order would refuse every date a test saves.
const disorder = datesOutOfOrder({ ...DEFAULT_CONFERENCE.dates, ...OPEN_DEADLINES } as ConferenceDates);
if (disorder) throw new Error(`OPEN_DEADLINES: ${disorder}`);

/** The same, as the environment of a spawned server. */
export const OPEN_DEADLINES_ENV = Object.fromEntries(
  Object.entries(OPEN_DEADLINES).map(([key, value]) => [CONFERENCE_DATE_VARIABLES[key as ConferenceDateKey], value]),
);
