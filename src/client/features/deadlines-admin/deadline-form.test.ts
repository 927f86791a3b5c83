import { describe, expect, it } from 'vitest';
import { ANNOUNCED_DATES } from '../../../shared/domain/deadlines.ts';
import { datesToSave, gracePeriodText, inputValueOf, isEdited } from './deadline-form.ts';

describe('inputValueOf and isEdited', () => {
  it('shows the saved date until the admin types another', () => {
    expect(inputValueOf(ANNOUNCED_DATES, {}, 'notification')).toBe('2025-10-31T00:00');
    expect(isEdited(ANNOUNCED_DATES, {}, 'notification')).toBe(false);
    const edits = { notification: '2025-11-02T10:30' };
    expect(inputValueOf(ANNOUNCED_DATES, edits, 'notification')).toBe('2025-11-02T10:30');
    expect(isEdited(ANNOUNCED_DATES, edits, 'notification')).toBe(true);
  });

  it('does not count typing the saved date back as an edit', () => {
    expect(isEdited(ANNOUNCED_DATES, { notification: '2025-10-31T00:00' }, 'notification')).toBe(false);
  });
});

describe('datesToSave', () => {
  it('sends only the changed dates, with the IST offset', () => {
    const edits = { notification: '2025-11-02T10:30', abstractDeadline: '2025-10-15T23:59' };
    expect(datesToSave(ANNOUNCED_DATES, edits)).toEqual({ body: { notification: '2025-11-02T10:30:00+05:30' } });
  });

  it('gives a closing date its whole minute, as the announced 23:59:59', () => {
    const edits = { abstractDeadline: '2026-10-15T23:59', notification: '2026-10-31T10:00' };
    expect(datesToSave(ANNOUNCED_DATES, edits)).toEqual({
      body: { abstractDeadline: '2026-10-15T23:59:59+05:30', notification: '2026-10-31T10:00:00+05:30' },
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(datesToSave(ANNOUNCED_DATES, {})).toEqual({ body: {} });
  });

  it('names a date left empty', () => {
    expect(datesToSave(ANNOUNCED_DATES, { paymentDeadline: '' })).toEqual({
      error: 'Last date to enter the payment ID: enter a whole date and time.',
    });
  });
});

describe('gracePeriodText', () => {
  it('says none, one minute or several', () => {
    expect(gracePeriodText(0)).toBe('Grace period: none.');
    expect(gracePeriodText(1)).toBe('Grace period: 1 minute after each deadline, from DEADLINE_GRACE_MINUTES.');
    expect(gracePeriodText(15)).toBe('Grace period: 15 minutes after each deadline, from DEADLINE_GRACE_MINUTES.');
  });
});
