import { currentConference } from '@shared/conference.ts';
import { formatMomentIn } from '@shared/format/dates.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';

/**
 * Tells the owner of an account about a change to its security, so a change they did not make
 * does not go unnoticed. Queued in the caller's transaction (kept unsent without a mail server).
 */
export async function queueSecurityMail(
  ctx: Pick<AppContext, 'outbox' | 'config' | 'now'>,
  db: DbOrTx,
  to: { id?: string; email: string; username: string },
  event: { subject: string; what: string },
): Promise<void> {
  await ctx.outbox.enqueue(db, {
    kind: 'security',
    recipientId: to.id,
    to: to.email,
    subject: `${currentConference().shortName}: ${event.subject}`,
    text: [
      `Hello ${to.username},`,
      '',
      `${event.what} on ${formatMomentIn(ctx.now(), currentConference().timeZone)}.`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, reset your password at once: ${ctx.config.publicUrl}${ctx.config.basePath}/forgot-password`,
      'and tell the organizers.',
    ].join('\n'),
  });
}
