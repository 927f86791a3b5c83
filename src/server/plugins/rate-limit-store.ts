import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { countHit } from '../db/rate-limit-counters.ts';
import { hashToken } from '../lib/tokens.ts';

/**
 * A store for @fastify/rate-limit that counts in the database (`rate_limit_hits`), so that every
 * process of the site counts the same requests: a limit of 60 is 60 in all, not 60 per process.
 * Each route counts on its own; the address or account is kept only as a hash.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly route = '') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      countHit(db, `${this.route}|${hashToken(key)}`, windowMs).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
      const { method, url } =
        (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(`${[method].flat().join(',')} ${url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
