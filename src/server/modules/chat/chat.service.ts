import { LIMITS } from '@shared/constants.ts';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGES, type ChatMessageView, type UnreadSummary } from '@shared/schemas/chat.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ReceivedUpload } from '@server/lib/multipart-upload.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { CHAT_WORDING } from '@shared/domain/chat-wording.ts';
import { committeeExists } from '../committee-notices/committee-notices.repository.ts';
import { adminIds, notifyAdmins, notifyUsers } from '../notifications/notifications.service.ts';
import { publishLive } from '@server/live/live-messages.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { getAccessiblePaper } from '../papers/papers.service.ts';
import { assertRoomForUpload } from '../storage-quota/storage-quota.service.ts';
import * as repo from './chat.repository.ts';
import { keepFilesOnlyIfDone, recordUpload, servableFile } from '../files/files.service.ts';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

function attachmentUrls(ctx: AppContext, paperId: string, messageId: string, position: number) {
  const base = `${ctx.config.basePath}/api/chat/papers/${paperId}/messages/${messageId}/attachments/${position}`;
  return { viewUrl: `${base}/view`, downloadUrl: `${base}/download` };
}

/**
 * Who wrote a message, as this viewer may know it: authors see the organizers only as
 * "Reviewer" (the role), never which organizer, by id or by name.
 */
function senderFor(
  viewer: PublicUser,
  message: repo.ChatMessageRow,
  senderName: string | null,
): ChatMessageView['sender'] {
  if (!message.senderId) return null;
  if (viewer.role !== 'admin' && message.senderRole === 'admin') return null;
  return { _id: message.senderId, username: senderName ?? 'Unknown' };
}

function present(
  ctx: AppContext,
  viewer: PublicUser,
  message: repo.ChatMessageRow,
  senderName: string | null,
  attachments: repo.ChatAttachmentRow[],
): ChatMessageView {
  return {
    _id: message.id,
    sender: senderFor(viewer, message, senderName),
    // A volunteer account reaches no chat, so only the two roles ever send a message.
    senderRole: message.senderRole === 'admin' ? 'admin' : 'author',
    message: message.message,
    timestamp: message.createdAt.toISOString(),
    attachments: attachments
      .filter((a) => a.messageId === message.id)
      .map((a) => ({
        fileName: a.fileName,
        fileType: a.fileType,
        fileSize: a.fileSize,
        ...attachmentUrls(ctx, message.paperId, message.id, a.position),
      })),
  };
}

/** The conversation of a paper; reading it marks it read for this reader only. */
export async function readMessages(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
): Promise<{ messages: ChatMessageView[]; committeeExists: boolean }> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  const rows = await repo.findMessages(ctx.db, paper.id);
  const attachments = await repo.findAttachments(
    ctx.db,
    rows.map((r) => r.message.id),
  );
  const newest = rows.at(-1)?.message.id;
  // The reader's other tabs update their badges; only when something was newly read, since a
  // tab refetches this conversation on that very event.
  if (newest && (await repo.markReadUpTo(ctx.db, paper.id, actor._id, newest)))
    await publishLive(ctx.db, { kind: 'chat', paperId: paper.id, userIds: [actor._id] });
  return {
    messages: rows.map((r) => present(ctx, actor, r.message, r.senderName, attachments)),
    committeeExists: await committeeExists(ctx.db),
  };
}

/** Refuses before the upload is read when the caller may not write to this paper. */
export async function assertCanPost(ctx: AppContext, actor: PublicUser, paperId: string): Promise<void> {
  await getAccessiblePaper(ctx, actor, paperId);
}

export async function postMessage(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  upload: ReceivedUpload,
): Promise<ChatMessageView> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const paper = await getAccessiblePaper(ctx, actor, paperId);
    // Form posts send CRLF line breaks; store one kind.
    const text = (upload.fields.message ?? '').replace(/\r\n?/g, '\n').trim();
    if (!text && upload.files.length === 0) throw new AppError('bad_request', CHAT_MESSAGES.empty);
    if (text.length > CHAT_MESSAGE_MAX) throw new AppError('bad_request', CHAT_MESSAGES.tooLong);
    if (upload.files.length > LIMITS.chatFilesPerMessage) throw new AppError('bad_request', CHAT_MESSAGES.tooManyFiles);

    const view = await transactionThenMail(ctx, async (tx) => {
      await assertRoomForUpload(
        tx,
        ctx,
        actor,
        upload.files.reduce((sum, file) => sum + file.sizeBytes, 0),
      );
      const message = await repo.insertMessage(tx, {
        paperId: paper.id,
        senderId: actor._id,
        senderRole: actor.role,
        message: text,
      });
      const attachments: repo.ChatAttachmentRow[] = [];
      for (const [position, file] of upload.files.entries()) {
        const stored = await recordUpload(tx, file, actor._id);
        attachments.push(
          ...(await repo.insertAttachments(tx, [
            {
              messageId: message.id,
              position,
              fileId: stored.id,
              fileName: file.fileName,
              fileType: file.signature.kind,
              fileSize: file.sizeBytes,
            },
          ])),
        );
      }
      // The sender has read their own message; the other side is told about it.
      await repo.markReadUpTo(tx, paper.id, actor._id, message.id);
      const preview = text
        ? text.length > 200
          ? `${text.slice(0, 200)}…`
          : text
        : `${upload.files.length} attachment(s)`;
      const notice = { type: 'system_notification' as const, paperId: paper.id, priority: 'medium' as const };
      if (actor.role === 'admin') {
        const named = await committeeExists(tx);
        await notifyUsers(ctx, tx, [paper.userId], {
          ...notice,
          title: CHAT_WORDING.noticeTitle(named, paper.ictacemId),
          message: CHAT_WORDING.noticeMessage(named, paper.title, preview),
          mail: { template: 'chat_message', values: { paperId: paper.ictacemId, title: paper.title, preview } },
        });
      } else {
        await notifyAdmins(ctx, tx, {
          ...notice,
          title: `New message from the author of ${paper.ictacemId}`,
          message: `${actor.username} wrote about "${paper.title}": ${preview}`,
        });
      }
      // The author and every organiser (the sender's other tabs too) hear of it after the commit.
      await publishLive(tx, { kind: 'chat', paperId: paper.id, userIds: [paper.userId, ...(await adminIds(tx))] });
      return present(ctx, actor, message, actor.username, attachments);
    });
    return view;
  });
}

export async function unreadSummary(ctx: AppContext, actor: PublicUser): Promise<UnreadSummary> {
  const rows = await repo.unreadCounts(ctx.db, { id: actor._id, role: actor.role });
  return {
    unreadSummary: rows.map((r) => ({ paperId: r.paperId, unreadCount: r.unreadCount })),
    totalUnread: rows.reduce((sum, r) => sum + r.unreadCount, 0),
  };
}

export async function getAttachment(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  messageId: string,
  position: number,
): Promise<ServableFile> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  const found = await repo.findAttachment(ctx.db, paper.id, messageId, position);
  if (!found) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
  return servableFile(found.stored, found.attachment.fileName);
}
