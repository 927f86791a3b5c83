import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** The rows a table holds as the planner last measured them: -1 before any ANALYZE (0 on older servers). */
export async function plannerRowEstimate(db: DbOrTx, table: string): Promise<number> {
  const [row] = await db
    .select({ rows: sql<number>`reltuples`.mapWith(Number) })
    .from(sql`pg_class`)
    .where(sql`oid = ${table}::regclass`);
  return row?.rows ?? -1;
}
