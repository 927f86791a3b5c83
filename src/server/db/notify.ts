import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** NOTIFY on a channel: sent when the transaction `db` belongs to commits (at once outside one), never on a rollback. */
export async function notifyChannel(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
