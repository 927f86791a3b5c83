import { describe, expect, it } from 'vitest';
import { announcedDates } from './deadlines.ts';
import { type PaperState, transition } from './paper-workflow.ts';
import { confirmationSentence, formatMoney, isCalendarDay, parseMajorAmount, rateOn } from './fees.ts';

describe('fees: exact amounts and the rate of a day', () => {
  it('parses major units into integer minor units without floating point', () => {
    expect(parseMajorAmount('5000')).toBe(500000);
    expect(parseMajorAmount('5,000.5')).toBe(500050);
    expect(parseMajorAmount('1,50,000.05')).toBe(15000005);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; digits are summed as integers.
    expect(parseMajorAmount('0.29')).toBe(29);
    expect(parseMajorAmount('1234567.89')).toBe(123456789);
    for (const bad of ['', '-5', '5.001', '1e3', 'abc', '5.', '.5', '+5', 'NaN'])
      expect(parseMajorAmount(bad), bad).toBeNull();
  });

  it('writes amounts with their currency and two decimals', () => {
    expect(formatMoney(500000, 'INR')).toBe('INR 5,000.00');
    expect(formatMoney(15005, 'USD')).toBe('USD 150.05');
    expect(formatMoney(0, 'USD')).toBe('USD 0.00');
  });

  it('pays the early-bird rate up to and including 15 November, the late rate from 16 November', () => {
    const tz = 'Asia/Kolkata';
    expect(rateOn('2025-09-01', announcedDates(), tz)).toBe('early_bird');
    expect(rateOn('2025-11-15', announcedDates(), tz)).toBe('early_bird');
    expect(rateOn('2025-11-16', announcedDates(), tz)).toBe('late');
    expect(confirmationSentence('2025-11-12', 'early_bird')).toBe(
      'Payment confirmed on 12 November 2025 (early-bird rate)',
    );
  });

  it('accepts real calendar days only', () => {
    expect(isCalendarDay('2025-11-12')).toBe(true);
    expect(isCalendarDay('2025-02-30')).toBe(false);
    expect(isCalendarDay('12/11/2025')).toBe(false);
  });
});

describe('payments in the paper state machine', () => {
  const paid: PaperState = { status: 'abstract_accepted', abstract: 'current', fullPaper: 'none', paid: true };
  it('confirms a paid paper unchanged, and a rejection leaves it unpaid so the author may enter another ID', () => {
    expect(transition(paid, { type: 'payment_confirmed' })).toEqual({ ok: true, next: paid });
    const rejected = transition(paid, { type: 'payment_rejected' });
    expect(rejected).toEqual({ ok: true, next: { ...paid, paid: false } });
    expect(transition({ ...paid, paid: false }, { type: 'payment_added' }).ok).toBe(true);
  });
  it('refuses to confirm or reject a paper without a payment ID', () => {
    for (const type of ['payment_confirmed', 'payment_rejected'] as const)
      expect(transition({ ...paid, paid: false }, { type })).toEqual({
        ok: false,
        message: 'This paper has no payment ID to confirm or reject.',
      });
  });
});
