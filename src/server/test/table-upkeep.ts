import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * A table as the planner last measured it: its rows (-1 before any ANALYZE), its pages, and how
 * many of them VACUUM marked all-visible (which an index-only scan needs to skip the heap).
 */
export async function tableUpkeep(db: DbOrTx, table: string) {
  const [row] = await db
    .select({
      estimatedRows: sql<number>`reltuples`.mapWith(Number),
      pages: sql<number>`relpages`.mapWith(Number),
      allVisiblePages: sql<number>`relallvisible`.mapWith(Number),
    })
    .from(sql`pg_class`)
    .where(sql`oid = ${table}::regclass`);
  return row!;
}
