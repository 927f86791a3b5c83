import { describe, expect, it } from 'vitest';
import {
  announcedDates,
  conferenceDay,
  datesOutOfOrder,
  formatConferenceTime,
  formatDateRange,
  isIsoWithOffset,
  isOpenAt,
  offsetMinutesOf,
  withColonOffset,
} from './deadlines.ts';
import { transition, type StepTiming } from './paper-workflow.ts';

describe('ISO 8601 with an offset', () => {
  it.each([
    '2025-10-15T23:59:59+05:30',
    '2025-10-15T23:59+05:30',
    '2025-10-15T18:29:59Z',
    '2025-10-15T23:59:59.5+0530',
    '2024-02-29T12:00:00-03:00',
  ])('accepts %s', (value) => expect(isIsoWithOffset(value)).toBe(true));

  it.each([
    '2025-10-15T23:59:59', // no offset: which 23:59?
    '2025-10-15',
    '2025-10-15 23:59:59+05:30',
    '2025-02-29T12:00:00+05:30', // not a leap year
    '2025-04-31T12:00:00+05:30',
    '15/10/2025 23:59 IST',
    '',
  ])('refuses %j', (value) => expect(isIsoWithOffset(value)).toBe(false));

  it('writes a basic offset with its colon', () => {
    expect(withColonOffset('2025-10-15T23:59:59+0530')).toBe('2025-10-15T23:59:59+05:30');
    expect(withColonOffset('2025-10-15T23:59:59-03:00')).toBe('2025-10-15T23:59:59-03:00');
    expect(withColonOffset('2025-10-15T18:29:59Z')).toBe('2025-10-15T18:29:59Z');
  });

  it('reads the offset in minutes east of UTC', () => {
    expect(offsetMinutesOf('2025-10-15T23:59:59+05:30')).toBe(330);
    expect(offsetMinutesOf('2025-10-15T23:59:59-0330')).toBe(-210);
    expect(offsetMinutesOf('2025-10-15T18:29:59Z')).toBe(0);
  });
});

describe('dates in the conference time zone', () => {
  it('names a deadline in IST whatever offset it was written in', () => {
    expect(formatConferenceTime('2025-10-15T23:59:59+05:30')).toBe('15 October 2025 23:59 IST');
    expect(formatConferenceTime('2025-10-15T18:29:59Z')).toBe('15 October 2025 23:59 IST');
    // 20:00 in New York is the next morning in India.
    expect(formatConferenceTime('2025-10-15T20:00:00-04:00')).toBe('16 October 2025 05:30 IST');
    expect(conferenceDay('2025-10-15T20:00:00-04:00')).toBe('2025-10-16');
  });

  it('announces 15-17 December 2025, in an order the checks accept', () => {
    expect(formatDateRange(announcedDates().conferenceStarts, announcedDates().conferenceEnds)).toBe(
      '15-17 December 2025',
    );
    expect(datesOutOfOrder(announcedDates())).toBeNull();
  });

  it('names both dates of the first rule of the order a calendar breaks', () => {
    expect(datesOutOfOrder({ ...announcedDates(), abstractDeadline: '2025-11-20T23:59:59+05:30' })).toBe(
      'The extended abstract deadline (20 November 2025 23:59 IST) must be on or before the notification of acceptance (31 October 2025 00:00 IST).',
    );
    expect(datesOutOfOrder({ ...announcedDates(), fullPaperDeadline: '2025-12-15T09:00:00+05:30' })).toBeNull();
    expect(datesOutOfOrder({ ...announcedDates(), fullPaperDeadline: '2025-12-15T09:00:01+05:30' })).toBe(
      'The full paper deadline (15 December 2025 09:00 IST) must be on or before the start of ICTACEM 2025 (15 December 2025 09:00 IST).',
    );
    expect(datesOutOfOrder({ ...announcedDates(), conferenceEnds: announcedDates().conferenceStarts })).toBe(
      'The end of ICTACEM 2025 (15 December 2025 09:00 IST) must be after the start of ICTACEM 2025 (15 December 2025 09:00 IST).',
    );
  });

  it('writes the conference days as one range', () => {
    expect(formatDateRange('2025-12-15T09:00:00+05:30', '2025-12-17T18:00:00+05:30')).toBe('15-17 December 2025');
    expect(formatDateRange('2025-11-30T09:00:00+05:30', '2025-12-02T18:00:00+05:30')).toBe(
      '30 November - 2 December 2025',
    );
    expect(formatDateRange('2025-12-15T09:00:00+05:30', '2025-12-15T18:00:00+05:30')).toBe('15 December 2025');
  });

  it('is open up to and including the closing second, plus the grace period', () => {
    const closes = '2025-10-15T23:59:59+05:30';
    expect(isOpenAt(closes, new Date('2025-10-15T18:29:59Z'))).toBe(true);
    expect(isOpenAt(closes, new Date('2025-10-15T18:30:00Z'))).toBe(false);
    expect(isOpenAt(closes, new Date('2025-10-15T18:29:59.999Z'))).toBe(true);
    expect(isOpenAt(closes, new Date('2025-10-15T18:30:00Z'), 1000)).toBe(true);
    expect(isOpenAt(closes, new Date('2025-10-15T18:30:01Z'), 1000)).toBe(false);
  });
});

describe('the state machine keeps the deadlines', () => {
  const timing = (now: string, deadlines: Partial<StepTiming['deadlines']> = {}): StepTiming => ({
    now: new Date(now),
    graceMs: 0,
    abstractOpens: '2025-07-21T00:00:00+05:30',
    deadlines: {
      abstract: { closesAt: '2025-10-15T23:59:59+05:30', extended: false },
      payment: { closesAt: '2025-11-30T23:59:59+05:30', extended: false },
      fullPaper: { closesAt: '2025-12-10T23:59:59+05:30', extended: false },
      response: null,
      ...deadlines,
    },
  });
  const accepted = { status: 'abstract_accepted', abstract: 'current', fullPaper: 'none', paid: true } as const;

  it('refuses an author step after its deadline as a deadline refusal', () => {
    const result = transition(accepted, { type: 'full_paper_submitted' }, timing('2025-12-10T18:30:00Z'));
    expect(result).toEqual({
      ok: false,
      message: 'The full paper deadline, 10 December 2025 23:59 IST, has passed.',
      deadline: true,
    });
  });

  it('lets a step without a deadline through (a reset without a date)', () => {
    const reset = { ...accepted, abstract: 'reset' } as const;
    const result = transition(reset, { type: 'abstract_reupload' }, timing('2026-01-01T00:00:00Z', { abstract: null }));
    expect(result.ok).toBe(true);
  });

  it('never times an admin step', () => {
    const result = transition(accepted, { type: 'status_change', status: 'declined' }, timing('2030-01-01T00:00:00Z'));
    expect(result.ok).toBe(true);
  });
});
