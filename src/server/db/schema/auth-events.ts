import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The sign-in log: who did what to an account, when and from where (shared/schemas/auth-events.ts). */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    account: text('account').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted, when it was not the account's owner (an organizer ending its sessions). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    address: text('address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('auth_events_at_idx').on(t.at), index('auth_events_account_at_idx').on(t.account, t.at)],
);
