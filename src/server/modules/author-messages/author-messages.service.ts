import { currentConference } from '@shared/conference.ts';
import { PAPER_STATUS_LABELS, type PaperStatus } from '@shared/constants.ts';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import { fillPlaceholders, placeholderError } from '@shared/domain/placeholders.ts';
import type { ListPagination } from '@shared/schemas/admin-dashboard.ts';
import {
  AUTHOR_MESSAGE_TEXTS,
  DELIVERY_STATES,
  MESSAGE_PREVIEW_COUNT,
  type AuthorMessage,
  type DeliveryState,
  type MessagePreview,
  type MessagePreviewBody,
  type MessageRecipient,
  type MessageSendBody,
  type RecipientListQuery,
} from '@shared/schemas/author-messages.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { pagination } from '@server/lib/pagination.ts';
import { paperIdsOfAudience } from '../admin-dashboard/dashboard.service.ts';
import { describeAudience } from './audience-description.ts';
import * as repo from './author-messages.repository.ts';

type Recipient = Awaited<ReturnType<typeof repo.findRecipients>>[number];

/** Header values come from user text: no line breaks may reach a mail header. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function refuseUnknownPlaceholders(input: { subject: string; body: string }): void {
  const unknown = placeholderError(input.subject) ?? placeholderError(input.body);
  if (unknown) throw new AppError('bad_request', unknown);
}

/** The submitting author of each paper of the audience, in the list's order (a selection: in its own). */
async function recipientsOf(ctx: AppContext, adminId: string, audience: PaperAudience): Promise<Recipient[]> {
  const paperIds = await paperIdsOfAudience(ctx, adminId, audience);
  const found = new Map((await repo.findRecipients(ctx.db, paperIds)).map((r) => [r.paperId, r]));
  const recipients = paperIds.flatMap((id) => found.get(id) ?? []);
  if (recipients.length === 0) throw new AppError('bad_request', AUTHOR_MESSAGE_TEXTS.noRecipients);
  return recipients;
}

function filledFor(recipient: Recipient, input: { subject: string; body: string }) {
  const values = {
    name: recipient.name,
    paperId: recipient.ictacemId,
    title: recipient.title,
    status: PAPER_STATUS_LABELS[recipient.status as PaperStatus],
    paymentId: isRealPaymentId(recipient.paymentId) ? recipient.paymentId : 'not provided',
  };
  return { subject: oneLine(fillPlaceholders(input.subject, values)), body: fillPlaceholders(input.body, values) };
}

/** How many authors a message would reach and what the first of them would read. Nothing is sent. */
export async function previewMessage(
  ctx: AppContext,
  adminId: string,
  input: MessagePreviewBody,
): Promise<{ recipientCount: number; samples: MessagePreview[]; byEmail: boolean }> {
  refuseUnknownPlaceholders(input);
  const recipients = await recipientsOf(ctx, adminId, input.audience);
  return {
    recipientCount: recipients.length,
    byEmail: ctx.outbox.canSend,
    samples: recipients.slice(0, MESSAGE_PREVIEW_COUNT).map((r) => ({
      ictacemId: r.ictacemId,
      name: r.name,
      email: r.email,
      ...filledFor(r, input),
    })),
  };
}

function mailText(ctx: AppContext, body: string): string {
  return [
    body,
    '',
    '-- ',
    `${currentConference().shortName} organising committee`,
    `Reply in your paper's chat: ${ctx.config.publicUrl}${ctx.config.basePath}/profile`,
  ].join('\n');
}

/**
 * Sends a message to every author of the audience: each gets it filled with their own paper's
 * values as an in-app notification and an e-mail queued in the outbox, all in one transaction
 * with the message's record, so the list of recipients is exactly who was notified. A request id
 * seen before answers that message again and sends nothing: a double click sends once.
 */
export async function sendMessage(
  ctx: AppContext,
  adminId: string,
  input: MessageSendBody,
): Promise<{ message: AuthorMessage; duplicate: boolean; byEmail: boolean }> {
  refuseUnknownPlaceholders(input);
  // Without a mail server the authors are notified in the site only; the page must say so.
  const byEmail = ctx.outbox.canSend;
  const earlier = await repo.findMessageIdByRequest(ctx.db, input.requestId);
  if (earlier) return { message: await requireMessage(ctx, earlier), duplicate: true, byEmail };
  const recipients = await recipientsOf(ctx, adminId, input.audience);
  const audience = describeAudience(input.audience);
  const messageId = await ctx.db.transaction(async (tx) => {
    const message = await repo.insertMessage(tx, {
      requestId: input.requestId,
      subject: input.subject,
      body: input.body,
      audience,
      recipientCount: recipients.length,
      sentBy: adminId,
    });
    // The same request committed first, while this one was reading its recipients.
    if (!message) return null;
    const filled = recipients.map((r) => filledFor(r, input));
    const notified = await repo.insertNotifications(
      tx,
      recipients.map((r, i) => ({
        recipientId: r.userId,
        paperId: r.paperId,
        type: 'system_notification' as const,
        title: filled[i]!.subject,
        message: filled[i]!.body,
        priority: 'medium' as const,
      })),
    );
    const mails = await repo.insertMails(
      tx,
      recipients.map((r, i) =>
        ctx.outbox.rowOf({
          kind: 'author_message',
          recipientId: r.userId,
          paperId: r.paperId,
          queuedBy: adminId,
          to: r.email,
          subject: oneLine(`${currentConference().shortName}: ${filled[i]!.subject}`),
          text: mailText(ctx, filled[i]!.body),
          notificationId: notified[i]!.id,
        }),
      ),
    );
    await repo.insertRecipients(
      tx,
      recipients.map((r, i) => ({
        messageId: message.id,
        position: i,
        paperId: r.paperId,
        recipientId: r.userId,
        ictacemId: r.ictacemId,
        name: r.name,
        email: r.email,
        notificationId: notified[i]!.id,
        mailId: mails[i]?.id ?? null,
      })),
    );
    return message.id;
  });
  ctx.outbox.kick();
  if (messageId === null) {
    const first = await repo.findMessageIdByRequest(ctx.db, input.requestId);
    return { message: await requireMessage(ctx, first!), duplicate: true, byEmail };
  }
  return { message: await requireMessage(ctx, messageId), duplicate: false, byEmail };
}

function emptyDelivery(): Record<DeliveryState, number> {
  return Object.fromEntries(DELIVERY_STATES.map((state) => [state, 0])) as Record<DeliveryState, number>;
}

async function presentMessages(
  ctx: AppContext,
  rows: Awaited<ReturnType<typeof repo.pageOfMessages>>,
): Promise<AuthorMessage[]> {
  const counts = await repo.deliveryCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const delivery = emptyDelivery();
    for (const c of counts) if (c.messageId === row.id) delivery[c.state] = c.n;
    return {
      _id: row.id,
      subject: row.subject,
      body: row.body,
      audience: row.audience,
      recipientCount: row.recipientCount,
      sentBy: row.sentBy,
      createdAt: row.createdAt.toISOString(),
      delivery,
    };
  });
}

async function requireMessage(ctx: AppContext, messageId: string): Promise<AuthorMessage> {
  const row = await repo.findMessage(ctx.db, messageId);
  if (!row) throw new AppError('not_found', AUTHOR_MESSAGE_TEXTS.messageNotFound);
  const [message] = await presentMessages(ctx, [row]);
  return message!;
}

export async function listMessages(
  ctx: AppContext,
  query: { page: number; limit: number },
): Promise<{ messages: AuthorMessage[]; pagination: ListPagination }> {
  const total = await repo.countMessages(ctx.db);
  const offset = (query.page - 1) * query.limit;
  const rows = offset < total ? await repo.pageOfMessages(ctx.db, { limit: query.limit, offset }) : [];
  return { messages: await presentMessages(ctx, rows), pagination: pagination(query.page, query.limit, total) };
}

export async function listRecipients(
  ctx: AppContext,
  messageId: string,
  query: RecipientListQuery,
): Promise<{ message: AuthorMessage; recipients: MessageRecipient[]; pagination: ListPagination }> {
  const message = await requireMessage(ctx, messageId);
  const total = await repo.countRecipients(ctx.db, messageId, query.state);
  const offset = (query.page - 1) * query.limit;
  const rows =
    offset < total ? await repo.pageOfRecipients(ctx.db, messageId, query.state, { limit: query.limit, offset }) : [];
  return {
    message,
    recipients: rows.map((row) => ({
      paperId: row.paperId,
      ictacemId: row.ictacemId,
      name: row.name,
      email: row.email,
      state: row.state,
      reason: row.state === 'sent' ? null : row.lastError,
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    pagination: pagination(query.page, query.limit, total),
  };
}
