import type { Currency } from '@shared/domain/fees.ts';

/**
 * An amount in English words, as a receipt writes it: "Rupees eight thousand five hundred only",
 * "US dollars three hundred and fifty and twenty-five cents only". Exact from the minor units.
 *
 * Grouping follows the currency's readers: rupees in the Indian system (thousand, lakh, crore:
 * 1,50,000 is "one lakh fifty thousand"), as Indian receipts and cheques write them; dollars in the
 * international one (thousand, million). "and" joins the last two digits to what comes before, as
 * British English does ("three hundred and fifty", "one thousand and one").
 */

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Largest scale first; each group's count is below the next larger scale's ratio. */
const SCALES: Record<Currency, [name: string, value: number][]> = {
  INR: [
    ['crore', 10_000_000],
    ['lakh', 100_000],
    ['thousand', 1_000],
  ],
  USD: [
    ['billion', 1_000_000_000],
    ['million', 1_000_000],
    ['thousand', 1_000],
  ],
};

interface CurrencyWords {
  major: [one: string, many: string];
  minor: [one: string, many: string];
}

const CURRENCY_WORDS: Record<Currency, CurrencyWords> = {
  // Indian receipts say "Rupees" even for one; the minor unit is a paisa, paise.
  INR: { major: ['Rupees', 'Rupees'], minor: ['paisa', 'paise'] },
  USD: { major: ['US dollar', 'US dollars'], minor: ['cent', 'cents'] },
};

function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${UNITS[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest);
  return rest === 0 ? `${UNITS[hundreds]} hundred` : `${UNITS[hundreds]} hundred and ${belowHundred(rest)}`;
}

/** A whole number in words in the currency's grouping. */
export function numberInWords(n: number, currency: Currency): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return 'zero';
  const parts: string[] = [];
  let rest = n;
  for (const [name, value] of SCALES[currency]) {
    const count = Math.floor(rest / value);
    if (count === 0) continue;
    // A count may itself need scales (a thousand crore): said in the same grouping.
    parts.push(`${numberInWords(count, currency)} ${name}`);
    rest %= value;
  }
  if (rest > 0) parts.push(parts.length > 0 && rest < 100 ? `and ${belowHundred(rest)}` : belowThousand(rest));
  return parts.join(' ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Rupees eight thousand five hundred and fifty paise only"; "Fifty paise only" below one rupee. */
export function amountInWords(amountMinor: number, currency: Currency): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`Not an amount: ${amountMinor}`);
  const words = CURRENCY_WORDS[currency];
  const major = Math.floor(amountMinor / 100);
  const minor = amountMinor % 100;
  const minorPart = `${belowHundred(minor)} ${words.minor[minor === 1 ? 0 : 1]}`;
  if (major === 0 && minor > 0) return `${capitalised(minorPart)} only`;
  const majorPart = `${words.major[major === 1 ? 0 : 1]} ${numberInWords(major, currency)}`;
  return minor === 0 ? `${majorPart} only` : `${majorPart} and ${minorPart} only`;
}
