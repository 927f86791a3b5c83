import { formatCount } from '../format/numbers.ts';
import { CURRENCIES, type Currency, isCalendarDay, MAX_AMOUNT_MINOR } from './fees.ts';

/**
 * Payment statements (docs/architecture.md, "Payments"): the portal's or the bank's list of
 * money received, read from a CSV export or a CAMT.053 file, each row matched to a paper by
 * its payment ID. A statement is hostile input: read with limits, in a thread of its own.
 */
export const STATEMENT_LIMITS = {
  /** The portal's exports of a whole conference are well under 2 MB. */
  maxBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  /** Longer cells are cut: no payment ID, amount or name needs more. */
  maxCellChars: 500,
  maxColumns: 200,
  note: 1000,
} as const;

export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];
export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  '.': 'Point: 1,234.50',
  ',': 'Comma: 1.234,50',
};

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'DD-MM-YYYY', 'DD.MM.YYYY', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Which CSV column holds what: chosen once by an organiser, remembered for the next import. */
export interface ColumnMapping {
  paymentId: string;
  amount: string;
  /** Absent when the portal's export has no currency column: `defaultCurrency` then. */
  currency: string | null;
  receivedOn: string;
  payerName: string | null;
  decimalSeparator: DecimalSeparator;
  dateFormat: DateFormat;
  defaultCurrency: Currency;
}

export const STATEMENT_FORMATS = ['csv', 'camt053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_FORMAT_LABELS: Record<StatementFormat, string> = { csv: 'CSV', camt053: 'CAMT.053' };

/** What a row of a statement is, against the papers and their payments. */
export const ROW_CLASSES = ['matched', 'amount_differs', 'duplicate', 'unmatched', 'unreadable'] as const;
export type RowClass = (typeof ROW_CLASSES)[number];
export const ROW_CLASS_LABELS: Record<RowClass, string> = {
  matched: 'Matched',
  amount_differs: 'Amount differs',
  duplicate: 'Duplicate',
  unmatched: 'Unmatched',
  unreadable: 'Unreadable',
};

/** How an organiser settled a row: confirmed by "Confirm", confirmed by hand, rejected, or only noted. */
export const ROW_RESOLUTIONS = ['confirmed', 'confirmed_by_hand', 'rejected', 'noted'] as const;
export type RowResolution = (typeof ROW_RESOLUTIONS)[number];
export const ROW_RESOLUTION_LABELS: Record<RowResolution, string> = {
  confirmed: 'Confirmed',
  confirmed_by_hand: 'Confirmed by hand',
  rejected: 'Rejected',
  noted: 'Noted',
};

export const STATEMENT_MESSAGES = {
  tooLarge: `The statement is larger than ${STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB. Export a shorter period and import it in parts.`,
  tooManyRows: `The statement has more than ${formatCount(STATEMENT_LIMITS.maxRows)} rows. Export a shorter period and import it in parts.`,
  noFile: 'Please choose the statement file (CSV or CAMT.053 XML).',
  empty: 'The statement is empty.',
  unknownFormat: 'The file is neither a CSV export nor a CAMT.053 statement.',
  notCamt053: 'The XML file is not a CAMT.053 bank-to-customer statement',
  xmlInvalid: 'The XML file is not well-formed',
  needsMapping: 'Choose which column holds what, then import again.',
  mappingMissingColumns: 'The statement has no column named',
  mappingSaved: 'Column mapping saved.',
  imported: 'Statement imported. Nothing is applied until you press Confirm.',
  alreadyImported: 'This statement was imported before: the earlier import is shown, nothing changed.',
  notFound: 'Statement not found.',
  rowNotFound: 'Statement row not found.',
  unreadable: 'The statement could not be read in time. Check that it is a CSV export or a CAMT.053 file.',
  nothingToConfirm: 'No matched rows to confirm.',
  rowResolved: 'This row is already resolved.',
  rowNotMatched: 'Only matched rows are confirmed with Confirm; resolve the others by hand.',
  noPaperToConfirm: 'Choose the paper this payment is for.',
  rowUnreadable: 'An unreadable row cannot be confirmed; note it instead.',
  noted: 'Note saved.',
  parseFailed: 'The statement could not be read.',
} as const;

/**
 * The key a payment ID is matched by: case, spaces and dashes of any kind do not count
 * ("cep-2025 0042" is "CEP20250042"). Papers store the ID without spaces, in upper case.
 */
export function paymentKey(paymentId: string): string {
  return paymentId
    .normalize('NFKC')
    .replace(/[\s\-\u2010-\u2015\u2212_]+/g, '')
    .toUpperCase();
}

/**
 * An amount as the statement writes it → minor units, exactly: digits only, never a float.
 * With '.' as the decimal separator "1,234.50", "1234.5" and "1 234.50" are 123450; with ','
 * "1.234,50" is. Null for a sign, an exponent, three decimals or anything else.
 */
export function parseStatementAmount(text: string, separator: DecimalSeparator): number | null {
  const grouping = separator === '.' ? /[,\s\u00a0\u202f']/g : /[.\s\u00a0\u202f']/g;
  const compact = text.trim().replace(grouping, '');
  const plain = separator === ',' ? compact.replace(',', '.') : compact;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(amount) && amount <= MAX_AMOUNT_MINOR ? amount : null;
}

/** A day as the statement writes it (a time after it is ignored) → "2025-11-12", or null. */
export function parseStatementDate(text: string, format: DateFormat): string | null {
  const day = text.trim().split(/[\sT]/)[0] ?? '';
  const parts = day.split(/[-/.]/);
  if (parts.length !== 3) return null;
  const [a, b, c] = parts as [string, string, string];
  const [year, month, date] =
    format === 'YYYY-MM-DD' ? [a, b, c] : format === 'MM/DD/YYYY' ? [c, a, b] : ([c, b, a] as const);
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(date)) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

export function parseCurrency(text: string): Currency | null {
  const code = text.trim().toUpperCase();
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : null;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before
 * one). It is kept and shown as text, never evaluated; in a payment ID or a name it makes the row unreadable.
 */
export function looksLikeFormula(text: string): boolean {
  return /^[\t\r]*[=+\-@]/.test(text);
}

/**
 * Whether two keys differ by one edit: a character changed, added or left out, or two
 * neighbours swapped ("CEP0042" and "CEP0024"). Such a paper is offered as a suggestion only.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const differ: number[] = [];
    for (let i = 0; i < a.length && differ.length <= 2; i += 1) if (a[i] !== b[i]) differ.push(i);
    if (differ.length === 1) return true;
    return (
      differ.length === 2 &&
      differ[1] === differ[0]! + 1 &&
      a[differ[0]!] === b[differ[1]!] &&
      a[differ[1]!] === b[differ[0]!]
    );
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i += 1;
  return shorter.slice(i) === longer.slice(i + 1);
}

/** The key with one character left out, at each place: two keys one edit apart share one of these. */
export function oneDeletions(key: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < key.length; i += 1) out.add(key.slice(0, i) + key.slice(i + 1));
  return [...out];
}
