import type { Db, Tx } from '../db/client.ts';
import type { MailOutbox } from './mail-outbox.ts';

/**
 * Runs `work` in one transaction and, once it has committed, wakes the mail sender, so the mail
 * it queued goes out now rather than at the sender's next poll (and never before the commit).
 */
export async function transactionThenMail<T>(
  ctx: { db: Db; outbox: MailOutbox },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(work);
  ctx.outbox.kick();
  return result;
}
