import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roleEnum } from './enums.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Stored lower-cased; the unique index makes sign-up races safe. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    customUserId: text('custom_user_id').notNull().unique(),
    /** Name, email and user ID as the search box matches them (drizzle/0008_search_fold.sql). */
    usernameSearch: text('username_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(username)`),
    emailSearch: text('email_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(email)`),
    customUserIdSearch: text('custom_user_id_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(custom_user_id)`),
    role: roleEnum('role').notNull().default('author'),
    /** Set while the user signs in with a second factor (modules/two-factor); required of admins. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin lists read their pages in these orders instead of sorting every user: the user
    // list newest first, the records table by name.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_username_id_idx').on(t.username, t.id),
    // The search box: trigram indexes find '%text%' without reading every user.
    index('users_username_search_idx').using('gin', t.usernameSearch.op('gin_trgm_ops')),
    index('users_email_search_idx').using('gin', t.emailSearch.op('gin_trgm_ops')),
    index('users_custom_user_id_search_idx').using('gin', t.customUserIdSearch.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a database leak gives no usable session. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** The absolute end; an idle session ends earlier (SESSION_IDLE_MS). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Refreshed at most once a minute while the session is used. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Shown on the account's sessions page, so the owner recognises (or not) each sign-in. */
    userAgent: text('user_agent').notNull().default(''),
    address: text('address').notNull().default(''),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_resets_user_id_idx')
      .on(t.userId)
      .where(sql`${t.usedAt} is null`),
  ],
);
