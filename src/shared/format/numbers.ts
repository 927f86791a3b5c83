/**
 * The site's one way to write a number, on the pages, in the server's messages and in the
 * documents: British English, "100,000" (the same text for every reader, as the dates are).
 */
let countFormat: Intl.NumberFormat | undefined;

export function formatCount(count: number): string {
  // Built at first use, not when the module loads: a page's first paint rarely needs it.
  countFormat ??= new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  return countFormat.format(count);
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
