import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per failed sign-in, for an address typed into the form (known or not, so both are
 * treated alike) and the client's network address. Rows older than an hour are pruned.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    source: text('source').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_failed_at_idx').on(t.account, t.failedAt),
    index('login_failures_failed_at_idx').on(t.failedAt),
  ],
);

/** Addresses a user signed in from lately: their usual addresses, still let in while their account is under attack. */
export const loginSources = pgTable(
  'login_sources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] })],
);

/** An arithmetic challenge handed out by the server, answered once, within minutes. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answer: integer('answer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_challenges_expires_at_idx').on(t.expiresAt)],
);
