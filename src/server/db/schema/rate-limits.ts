import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-address and per-account request counters of the rate-limited routes, shared by every
 * process of the site (a limit in each process's memory let each process grant it again).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** The route and a SHA-256 of the address or account: no address is stored. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_at_idx').on(t.windowEndsAt)],
);
