import { conference, registration } from './conference.ts';

export type KeyDateKind = 'submission' | 'registration' | 'conference';

export interface KeyDate {
  /** The date as visitors read it. */
  label: string;
  /** Machine-readable date (or first day) for the <time> element. */
  isoDate: string;
  title: string;
  detail?: string;
  kind: KeyDateKind;
}

/** The timeline on the Important Dates page, in date order (spec section 9). */
export const keyDates: readonly KeyDate[] = [
  {
    label: '21 July 2025',
    isoDate: '2025-07-21',
    title: 'Extended abstract submission opens',
    kind: 'submission',
  },
  {
    label: registration.earlyBirdOpens,
    isoDate: '2025-09-01',
    title: 'Early-bird registration opens',
    kind: 'registration',
  },
  {
    label: '15 October 2025',
    isoDate: '2025-10-15',
    title: 'Last date for extended abstract submission',
    kind: 'submission',
  },
  {
    label: '31 October 2025',
    isoDate: '2025-10-31',
    title: 'Notification of acceptance',
    kind: 'submission',
  },
  {
    label: registration.earlyBirdCloses,
    isoDate: '2025-11-15',
    title: 'Early-bird registration closes',
    detail: `The early-bird rate applies to payments received on or before ${registration.earlyBirdCloses}.`,
    kind: 'registration',
  },
  {
    label: registration.lateRegistrationFrom,
    isoDate: '2025-11-16',
    title: 'Late registration begins',
    kind: 'registration',
  },
  {
    label: '10 December 2025',
    isoDate: '2025-12-10',
    title: 'Final date for full-length paper submission',
    kind: 'submission',
  },
  {
    label: conference.dates,
    isoDate: '2025-12-15',
    title: `${conference.shortName} conference`,
    detail: conference.venue,
    kind: 'conference',
  },
];

export const accommodation = {
  summary:
    'Accommodation in the campus guest houses is available on request, in single or sharing rooms, subject to availability.',
  deadlineNote:
    'Accommodation cannot be guaranteed for requests made after the registration deadline of 31 October 2025.',
  requestHint: 'To request a room, write to the organizers with your name, dates of stay and room preference.',
} as const;
