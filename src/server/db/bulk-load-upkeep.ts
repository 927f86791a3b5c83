import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * VACUUM (ANALYZE) of every table, after a bulk load (the demo seed, a restore). Until then the
 * planner guesses row counts from nothing, and no page of a freshly written table is marked
 * all-visible, so an index-only scan reads every row's heap page too: page 1,000 of 100,000
 * papers took 600 ms instead of 18. On PostgreSQL autovacuum would get there in its own time; on
 * the embedded database the upkeep job does (jobs/embedded-upkeep.ts). Not inside a transaction.
 */
export async function vacuumAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
