import { type SQL, sql } from 'drizzle-orm';

/*
 * Values written into a query's text rather than sent as parameters, where the value decides the
 * plan. On the embedded database a query run again is a prepared statement
 * (embedded-prepared-statements.ts), and PostgreSQL keeps one generic plan for every value of its
 * parameters once that looks no dearer than the plans made for the first five. Written into the
 * text, each value has its own statement and the plan that suits it. Only checked values are
 * written: whole numbers, finite numbers, and members of a closed list.
 */

/**
 * A list page's LIMIT or OFFSET. PostgreSQL plans a parameter LIMIT for a tenth of the rows and
 * a parameter OFFSET as a tenth skipped, so a page's generic plan looked dearer than the plans
 * for its values and was never kept: the page was planned on every run, a third of the
 * embedded database's time for the paper list. A text per page of a filter is prepared only
 * when that page is read again.
 */
export function literalRows(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Rows are counted in whole numbers, not ${rows}.`);
  // Drizzle writes an SQL fragment given as a limit or an offset as it is; its types admit numbers only.
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * A filter's choice from a closed list (a paper's status, theme or mode of presentation). How
 * many rows it matches decides the plan: a rare status is found through its index, a common one
 * by walking the list's order and skipping the others. One generic plan for all walked the
 * whole order for a rare one (6.6 ms against 0.15 at 10,000 papers).
 */
export function literalChoice<T extends string>(value: T, allowed: readonly T[]): SQL {
  if (!allowed.includes(value)) throw new RangeError(`Not one of the choices offered: ${value}`);
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

/** A filter's bound (a mean mark at least this), for the same reason as literalChoice. */
export function literalNumber(value: number): SQL {
  if (!Number.isFinite(value)) throw new RangeError(`Not a number: ${value}`);
  return sql.raw(String(value));
}
