import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A row's place in a list ordered by a timestamp, newest first, then by id: the timestamp as
 * PostgreSQL writes it (exact to the microsecond, which a JavaScript Date is not) and the id.
 * A deep page starts its walk at such a place instead of at the list's first row.
 */
export interface ListPlace {
  at: string;
  id: string;
}

/** The timestamp and id of a row, read as a ListPlace. */
export const placeColumns = (timestamp: AnyPgColumn, id: AnyPgColumn) => ({
  at: sql<string>`${timestamp}::text`,
  id: sql<string>`${id}::text`,
});

/** The rows at `place` and after it in the order (timestamp desc, id desc): one index range. */
export function atOrAfter(timestamp: AnyPgColumn, id: AnyPgColumn, place: ListPlace): SQL {
  return sql`(${timestamp}, ${id}) <= (${place.at}::timestamptz, ${place.id}::uuid)`;
}
