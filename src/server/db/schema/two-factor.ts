import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's authenticator-app secret (TOTP, RFC 6238). It signs in only while the user's
 * `two_factor_enabled_at` is set; before that it is an enrolment waiting for its first code.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32. The server must read it back to compute codes, so it cannot be hashed. */
  secret: text('secret').notNull(),
  /** The 30-second step of the last accepted code: each code is accepted once (RFC 6238 §5.2). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 (each carries 120 random bits, so a slow hash adds nothing). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);
