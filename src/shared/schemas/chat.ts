import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { okResponse } from './responses.ts';
import { formatCount } from '../format/numbers.ts';

export const CHAT_MESSAGE_MAX = 5000;

export const CHAT_MESSAGES = {
  empty: 'Please enter a message or attach a file',
  tooManyFiles: `Maximum ${LIMITS.chatFilesPerMessage} files allowed per message`,
  notAllowed: (fileName: string) => `File ${fileName} is not allowed. Only images and PDFs are supported.`,
  tooLarge: (fileName: string) => `File ${fileName} is too large. Maximum size is 5MB.`,
  tooLong: `A message is limited to ${formatCount(CHAT_MESSAGE_MAX)} characters.`,
} as const;

/** What the picker offers (doc and docx too, as specified; the check refuses them). */
export const CHAT_PICKER_ACCEPT = '.jpeg,.jpg,.png,.gif,.webp,.pdf,.doc,.docx';
export const CHAT_ALLOWED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'pdf'] as const;

export const chatAttachmentViewSchema = z
  .object({
    fileName: z.string(),
    fileType: z.enum(['image', 'pdf', 'document']),
    fileSize: z.number(),
    viewUrl: z.string(),
    downloadUrl: z.string(),
  })
  .meta({ id: 'ChatAttachment' });
export type ChatAttachmentView = z.infer<typeof chatAttachmentViewSchema>;

export const chatMessageViewSchema = z
  .object({
    _id: z.string(),
    /** Null for a deleted account, and for an organizer's message read by an author (shown as "Reviewer"). */
    sender: z.object({ _id: z.string(), username: z.string() }).nullable(),
    senderRole: z.enum(['admin', 'author']),
    message: z.string(),
    timestamp: z.string(),
    attachments: z.array(chatAttachmentViewSchema),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;

export const unreadSummarySchema = z.object({
  unreadSummary: z.array(z.object({ paperId: z.string(), unreadCount: z.number() })),
  totalUnread: z.number(),
});
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

export const unreadCountsResponseSchema = okResponse(unreadSummarySchema.shape);
export const chatMessagesResponseSchema = okResponse({
  messages: z.array(chatMessageViewSchema),
  /** Whether a programme committee exists: the author is then told of "the organisers" (CHAT_WORDING). */
  committeeExists: z.boolean(),
});
export const chatMessagePostedResponseSchema = okResponse({ chatMessage: chatMessageViewSchema });
