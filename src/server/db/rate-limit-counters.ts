import { lte, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { rateLimitHits } from './schema/index.ts';

/**
 * Counts one request under `key` in a fixed window of `windowMs` (a new window starts with the
 * first request after the last one ended), in one statement, so that concurrent requests on
 * any number of processes each get their own count. Returns the count and the window's time left.
 */
export async function countHit(db: DbOrTx, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.windowEndsAt} <= now() then 1 else ${rateLimitHits.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitHits.windowEndsAt} <= now() then ${windowEnd} else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.windowEndsAt} - now()) * 1000))`.mapWith(
        Number,
      ),
    });
  return row!;
}

/** Deletes the counters whose window has ended; how many. */
export async function deleteEndedRateLimitWindows(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.windowEndsAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return deleted.length;
}
