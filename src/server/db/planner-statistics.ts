import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Fresh planner statistics for every table, after a bulk load (the demo seed, a restore). Until
 * ANALYZE the planner guesses row counts from nothing: on PostgreSQL until autovacuum comes
 * round, on the embedded database never, and a search's plan can be ten times slower meanwhile.
 */
export async function refreshPlannerStatistics(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze`);
}
