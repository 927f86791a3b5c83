import { formatDayIn } from '../format/dates.ts';
import type { ConferenceDates } from './deadlines.ts';

/**
 * Registration fees and payments (docs/architecture.md, "Payments"). Money is an integer in the
 * currency's minor unit (paise, cents), never a floating-point number: amounts typed in major
 * units ("5000", "5,000.50") are parsed from their digits.
 */
export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Both currencies have 100 minor units to the major one. */
const MINOR_DIGITS = 2;
const MINOR_PER_MAJOR = 100;
/** Ten million in major units: no conference fee comes near it, and the sum stays exact. */
export const MAX_AMOUNT_MINOR = 10_000_000 * MINOR_PER_MAJOR;

export const RATES = ['early_bird', 'late'] as const;
export type Rate = (typeof RATES)[number];
export const RATE_LABELS: Record<Rate, string> = { early_bird: 'Early bird', late: 'Late' };
/** As a sentence says it: "(early-bird rate)". */
export const RATE_WORDS: Record<Rate, string> = { early_bird: 'early-bird rate', late: 'late rate' };

/** What a paper's payment is: the dashboard and the records count these three. */
export const PAYMENT_STATES = ['confirmed', 'entered', 'unpaid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  confirmed: 'Confirmed',
  entered: 'Entered',
  unpaid: 'Unpaid',
};

export const FULL_PAPER_REQUIREMENTS = ['entered', 'confirmed'] as const;
export type FullPaperRequirement = (typeof FULL_PAPER_REQUIREMENTS)[number];
export const FULL_PAPER_REQUIREMENT_LABELS: Record<FullPaperRequirement, string> = {
  entered: 'A payment ID is entered (as announced)',
  confirmed: 'The payment is confirmed by an organiser',
};

export const PAYMENT_SOURCES = ['organiser', 'statement'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const FEE_MESSAGES = {
  amountInvalid: 'Enter an amount in figures, such as 5000 or 5000.50, with at most two decimals.',
  amountTooLarge: 'The amount is too large.',
  categoryTaken: 'A category with this name and currency already exists.',
  categoryNotFound: 'Fee category not found.',
  categorySaved: 'Fee category saved.',
  categoryDeleted: 'Fee category deleted.',
  settingsSaved: 'Payment settings saved.',
  categoryChosen: 'Fee category saved.',
  receivedOnInvalid: 'Enter the date received as a day, such as 2025-11-12.',
  receivedInFuture: 'The date received cannot be in the future.',
  notEntered: 'This paper has no payment ID to confirm or reject.',
  paymentIdChanged: 'The payment ID of this paper has changed since you opened it. Reload and try again.',
  alreadyConfirmed: 'This payment is already confirmed.',
  confirmedElsewhere: 'This payment ID is already confirmed for another paper.',
  confirmedCannotBeRejected: 'A confirmed payment cannot be rejected.',
  confirmed: 'Payment confirmed.',
  rejected: 'Payment rejected. The author has been told and may enter another payment ID.',
  fullPaperNotConfirmed: 'Your payment must be confirmed by the organisers before you submit the full paper.',
  currencyMismatch: 'The currency differs from the chosen category’s.',
} as const;

/**
 * "5000", "5,000.5", "5000.50" → minor units; null for anything else (a sign, an exponent,
 * three decimals, letters). Grouping commas and spaces are ignored, in any grouping (Indian
 * "1,50,000" as well).
 */
export function parseMajorAmount(text: string): number | null {
  const compact = text.trim().replace(/[,\s\u00a0]/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const major = Number(match[1]);
  const minor = Number((match[2] ?? '').padEnd(MINOR_DIGITS, '0'));
  const amount = major * MINOR_PER_MAJOR + minor;
  return Number.isSafeInteger(amount) ? amount : null;
}

/** Minor units → "5000.50", the form an input shows back. */
export function minorToMajorText(amountMinor: number): string {
  const major = Math.trunc(amountMinor / MINOR_PER_MAJOR);
  const minor = amountMinor % MINOR_PER_MAJOR;
  return `${major}.${String(minor).padStart(MINOR_DIGITS, '0')}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "INR 5,000.00", "USD 150.00": the currency's code, then the amount with its two decimals. */
export function formatMoney(amountMinor: number, currency: string): string {
  const [major, minor] = minorToMajorText(amountMinor).split('.') as [string, string];
  return `${currency} ${groupThousands(major)}.${minor}`;
}

/** A calendar day "2025-11-12" → "12 November 2025" (the one date module's words). */
export function formatReceivedOn(day: string): string {
  return formatDayIn(new Date(`${day}T12:00:00Z`), 'UTC');
}

export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The calendar day of an instant in the conference's zone, "2025-11-15". */
export function dayIn(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(instant))
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The rate of a payment received on `receivedOn`: early bird up to and including the day the
 * early-bird period closes (the spec: payments received on or before 15 November), late after.
 * A payment received before the early-bird period opens pays the early-bird rate too.
 */
export function rateOn(receivedOn: string, dates: Pick<ConferenceDates, 'earlyBirdCloses'>, timeZone: string): Rate {
  return receivedOn <= dayIn(dates.earlyBirdCloses, timeZone) ? 'early_bird' : 'late';
}

/** The fee due for a category on a rate. */
export function feeFor(category: { earlyBirdMinor: number; lateMinor: number }, rate: Rate): number {
  return rate === 'early_bird' ? category.earlyBirdMinor : category.lateMinor;
}

/** "Payment confirmed on 12 November 2025 (early-bird rate)". */
export function confirmationSentence(receivedOn: string, rate: Rate): string {
  return `Payment confirmed on ${formatReceivedOn(receivedOn)} (${RATE_WORDS[rate]})`;
}
