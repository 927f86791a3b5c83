import type { MailOutbox } from './mail-outbox.ts';

/** Whether the site can send e-mail (a mail server is configured): what the pages say before an action that mails. */
export function canSendMail(ctx: { outbox?: MailOutbox }): boolean {
  return ctx.outbox !== undefined;
}
