import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * PostgreSQL advisory lock keys, fixed here so that every process of the site agrees (any 64-bit
 * numbers; these spell nothing). The embedded database has one process, where the locks cost
 * nothing and never wait.
 */
export const ADVISORY_LOCK_KEYS = {
  /** Held while one process applies the migrations (db/client.ts). */
  migrations: 0x1c7ace30001,
  /** Held while one process makes sure of the first admin. */
  startup: 0x1c7ace30002,
  /** Held while one process clears expired sessions and reset tokens. */
  housekeeping: 0x1c7ace30003,
  /** Held shared by every running server, exclusively by a restore (db/server-presence.ts). */
  servers: 0x1c7ace30004,
  /** Tests only: held while one test process makes the migrated template (test/scratch-database.ts). */
  testTemplate: 0x1c7ace30005,
} as const;

/**
 * Within a transaction: waits until no other process is inside its own start-up work, and keeps
 * them waiting until this transaction ends.
 */
export async function lockForStartup(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.startup})`);
}

/** Within a transaction: true when no other process is doing the housekeeping, which this one now holds. */
export async function tryLockForHousekeeping(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEYS.housekeeping}) as locked`);
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}
