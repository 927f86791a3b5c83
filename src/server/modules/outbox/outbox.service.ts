import { OUTBOX_PAGE_SIZE, OUTBOX_TEXTS, type OutboxMail, type OutboxQuery } from '@shared/schemas/outbox.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { pagination } from '@server/lib/pagination.ts';
import { hashToken } from '@server/lib/tokens.ts';
import { findByInvitationToken } from '../committee/committee.repository.ts';
import { presentMail, presentMailSummary } from './outbox.presenter.ts';
import * as repo from './outbox.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'outbox' | 'now'>;

/** A page of every mail the site has written, newest first, by kind and state. */
export async function listMails(ctx: Ctx, query: OutboxQuery) {
  const limit = OUTBOX_PAGE_SIZE;
  const { rows, total } = await repo.pageOfMails(
    ctx.db,
    { kind: query.kind, state: query.state },
    { limit, offset: (query.page - 1) * limit },
  );
  return {
    mails: rows.map(presentMailSummary),
    pagination: pagination(query.page, limit, total),
    canSend: ctx.outbox.canSend,
  };
}

/**
 * Why "Send again" is not offered. Only a mail given up on or written without a mail server is
 * queued again: a pending one may be in a sender's hands at this moment, and sending it again
 * could deliver it twice.
 */
function sendAgainRefusal(ctx: Ctx, row: repo.OutboxMailRow): string | null {
  if (row.status === 'sent') return OUTBOX_TEXTS.alreadySent;
  if (row.status === 'pending') return row.lastError ? OUTBOX_TEXTS.retrying : OUTBOX_TEXTS.alreadyQueued;
  if (!ctx.outbox.canSend) return OUTBOX_TEXTS.noMailServer;
  return null;
}

/** A committee invitation's link in a mail's text, whatever the site's address was when it was written. */
const INVITATION_LINK = /\S+\/committee-invitation\/([A-Za-z0-9_-]+)/g;

/**
 * The link of a committee invitation, read from the mail as sent (only its hash is stored with the
 * invitation), and whether it still opens the invitation: an answered, resent or expired one does not.
 */
async function invitationLinkOf(ctx: Ctx, row: repo.OutboxMailRow): Promise<OutboxMail['invitationLink']> {
  const [found] = row.textBody.matchAll(INVITATION_LINK);
  if (!found) return null;
  const member = await findByInvitationToken(ctx.db, hashToken(found[1]!));
  const usable =
    member?.status === 'invited' &&
    member.invitationExpiresAt !== null &&
    member.invitationExpiresAt.getTime() > ctx.now().getTime();
  return { url: found[0], usable };
}

/** An invitation's text for another organiser: the link is a credential, shown to its sender only. */
const withoutInvitationLink = (text: string) => text.replaceAll(INVITATION_LINK, OUTBOX_TEXTS.linkHidden);

async function requireMail(ctx: Ctx, actor: PublicUser, mailId: string): Promise<OutboxMail> {
  const row = await repo.findMail(ctx.db, mailId);
  if (!row) throw new AppError('not_found', OUTBOX_TEXTS.mailNotFound);
  // The link is a credential for whoever holds it: shown to the organiser who sent it, nobody else.
  const sender = row.queuedBy === actor._id;
  const invitationLink = row.kind === 'invitation' && sender ? await invitationLinkOf(ctx, row) : null;
  if (row.kind === 'invitation' && !sender) row.textBody = withoutInvitationLink(row.textBody);
  return presentMail(row, {
    from: ctx.config.mailFrom,
    invitationLink,
    sendAgainRefusal: sendAgainRefusal(ctx, row),
  });
}

export function getMail(ctx: Ctx, actor: PublicUser, mailId: string): Promise<OutboxMail> {
  return requireMail(ctx, actor, mailId);
}

/** Queues a failed or unsent mail again, once a mail server is configured. */
export async function sendAgain(ctx: Ctx, actor: PublicUser, mailId: string) {
  const before = await requireMail(ctx, actor, mailId);
  if (before.sendAgainRefusal) throw new AppError('conflict', before.sendAgainRefusal);
  // Another organiser's "Send again" won the race: queued once.
  if (!(await repo.requeueMail(ctx.db, mailId))) throw new AppError('conflict', OUTBOX_TEXTS.alreadyQueued);
  ctx.outbox.kick();
  return { message: OUTBOX_TEXTS.sentAgain, mail: await requireMail(ctx, actor, mailId) };
}
