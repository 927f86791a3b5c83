/**
 * The site's one way to write a number, on the pages, in the server's messages and in the
 * documents: British English, "100,000" (the same text for every reader, as the dates are).
 * Written out rather than asked of Intl.NumberFormat: a page's first NumberFormat loads the
 * locale's data, one long task of 35-60 ms on a 2-core desktop and four times that on a phone,
 * and shared schemas write the numbers of their messages while a page loads.
 */
export function formatCount(count: number): string {
  // Half away from zero, as Intl rounds.
  const whole = Math.sign(count) * Math.round(Math.abs(count));
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

const SMALL_COUNTS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count in a sentence: "four" up to ten, as prose writes it, then "12" or "1,200". */
export function countInWords(count: number): string {
  return SMALL_COUNTS[count] ?? formatCount(count);
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** A file's size in the unit that fits it: "512 B", "12.3 KB", "2.35 MB" (binary units, as the 10 MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  const kib = bytes / KIB;
  // Rounded to "1000 KB" or more, a size reads better in MB.
  if (kib < 999.5) return `${kib.toFixed(kib < 9.95 ? 1 : 0)} KB`;
  return `${(bytes / MIB).toFixed(2)} MB`;
}
