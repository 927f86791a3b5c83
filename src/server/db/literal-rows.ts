import { sql } from 'drizzle-orm';

/**
 * A list page's LIMIT or OFFSET written into the query's text rather than sent as a parameter.
 * PostgreSQL plans a parameter LIMIT for a tenth of the rows, and a parameter OFFSET as a tenth
 * skipped, so a page's generic plan looks dearer than the plans made for each run, and a
 * prepared statement would be planned again on every run (embedded-prepared-statements.ts): on
 * the paper list, a third of the database's time. A text per page of a filter is prepared only
 * when that page is read again. Only a whole number is written.
 */
export function literalRows(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Rows are counted in whole numbers, not ${rows}.`);
  // Drizzle writes an SQL fragment given as a limit or an offset as it is; its types admit numbers only.
  return sql.raw(String(rows)) as unknown as number;
}
