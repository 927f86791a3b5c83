import { describe, expect, it } from 'vitest';
import { announcedDates } from '@shared/domain/deadlines.ts';
import {
  datesFormSchema,
  type DatesFormValues,
  datesFormValues,
  datesToSave,
  gracePeriodText,
  pendingDateText,
} from './deadline-form.ts';

describe('datesFormValues', () => {
  it('shows each saved date as its input in IST', () => {
    const values = datesFormValues(announcedDates());
    expect(values.notification).toBe('2025-10-31T00:00');
    expect(values.abstractDeadline).toBe('2025-10-15T23:59');
  });
});

describe('datesFormSchema and datesToSave', () => {
  const read = (edits: Partial<DatesFormValues>) =>
    datesFormSchema.safeParse({ ...datesFormValues(announcedDates()), ...edits });

  it('sends only the edited dates, with the IST offset', () => {
    const parsed = read({ notification: '2025-11-02T10:30' });
    expect(parsed.success).toBe(true);
    expect(datesToSave(parsed.data!, { notification: true })).toEqual({ notification: '2025-11-02T10:30:00+05:30' });
  });

  it('gives a closing date its whole minute, as the announced 23:59:59', () => {
    const parsed = read({ abstractDeadline: '2026-10-15T23:59', notification: '2026-10-31T10:00' });
    expect(datesToSave(parsed.data!, { abstractDeadline: true, notification: true })).toEqual({
      abstractDeadline: '2026-10-15T23:59:59+05:30',
      notification: '2026-10-31T10:00:00+05:30',
    });
  });

  it('sends nothing when nothing was edited', () => {
    expect(datesToSave(read({}).data!, {})).toEqual({});
  });

  it('names a date left empty or impossible', () => {
    for (const value of ['', '2026-02-31T10:00']) {
      const parsed = read({ paymentDeadline: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues).toEqual([
        expect.objectContaining({
          path: ['paymentDeadline'],
          message: 'Last date to enter the payment ID: enter a whole date and time.',
        }),
      ]);
    }
  });
});

describe('pendingDateText', () => {
  it('says the typed date in words, in IST, a closing date to its whole minute', () => {
    expect(pendingDateText('notification', '2025-11-02T10:30')).toBe('Not saved yet: 2 November 2025 10:30 IST');
    expect(pendingDateText('abstractDeadline', '2026-01-05T23:59')).toBe('Not saved yet: 5 January 2026 23:59 IST');
    expect(pendingDateText('notification', '2025-11-0')).toBe('Not saved yet');
  });
});

describe('gracePeriodText', () => {
  it('says none, one minute or several', () => {
    expect(gracePeriodText(0)).toBe('Grace period: none.');
    expect(gracePeriodText(1)).toBe('Grace period: 1 minute after each deadline, from DEADLINE_GRACE_MINUTES.');
    expect(gracePeriodText(15)).toBe('Grace period: 15 minutes after each deadline, from DEADLINE_GRACE_MINUTES.');
  });
});
