import { describe, expect, it } from 'vitest';
import { announcedDates } from '@shared/domain/deadlines.ts';
import { keyDatesOf } from './important-dates.ts';

const row = ({ label, until, title }: { label: string; until?: string; title: string }) =>
  [label, until ?? '', title] as const;

describe('keyDatesOf', () => {
  it('lists the announced dates in date order, the conference days as one entry', () => {
    expect(keyDatesOf(announcedDates()).map(row)).toEqual([
      ['21 July 2025', '', 'Extended abstract submission opens'],
      ['1 September 2025', '', 'Early-bird registration opens'],
      ['15 October 2025', 'until 23:59 IST', 'Last date for extended abstract submission'],
      ['31 October 2025', '', 'Notification of acceptance'],
      ['15 November 2025', 'until 23:59 IST', 'Early-bird registration closes'],
      ['16 November 2025', '', 'Late registration begins'],
      ['10 December 2025', 'until 23:59 IST', 'Last date to enter the payment ID'],
      ['10 December 2025', 'until 23:59 IST', 'Final date for full-length paper submission'],
      ['15-17 December 2025', '', 'ICTACEM 2025 conference'],
    ]);
  });

  it('gives the conference its venue and the early-bird closing its rule', () => {
    const keyDates = keyDatesOf(announcedDates());
    expect(keyDates.find((d) => d.id === 'conference')).toMatchObject({
      isoDate: '2025-12-15',
      detail: 'Technical institute campus, West Bengal, India',
      kind: 'conference',
    });
    expect(keyDates.find((d) => d.id === 'earlyBirdCloses')?.detail).toBe(
      'The early-bird rate applies to payments received on or before 15 November 2025.',
    );
  });

  it('moves a changed date to its place, shown in the conference time zone', () => {
    const keyDates = keyDatesOf({ ...announcedDates(), abstractDeadline: '2025-10-31T20:00:00Z' });
    expect(keyDates.map((d) => d.id).slice(2, 5)).toEqual(['notification', 'abstractDeadline', 'earlyBirdCloses']);
    expect(keyDates.find((d) => d.id === 'abstractDeadline')).toMatchObject({
      label: '1 November 2025',
      until: 'until 01:30 IST',
      isoDate: '2025-11-01',
    });
  });
});
