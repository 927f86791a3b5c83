import { LIMITS } from '../constants.ts';

export const CHAT_MESSAGE_MAX = 5000;

export const CHAT_MESSAGES = {
  empty: 'Please enter a message or attach a file',
  tooManyFiles: `Maximum ${LIMITS.chatFilesPerMessage} files allowed per message`,
  notAllowed: (fileName: string) => `File ${fileName} is not allowed. Only images and PDFs are supported.`,
  tooLarge: (fileName: string) => `File ${fileName} is too large. Maximum size is 5MB.`,
  tooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters long.`,
} as const;

/** What the picker offers (doc and docx too, as specified; the check refuses them). */
export const CHAT_PICKER_ACCEPT = '.jpeg,.jpg,.png,.gif,.webp,.pdf,.doc,.docx';
export const CHAT_ALLOWED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'pdf'] as const;

export interface ChatAttachmentView {
  fileName: string;
  fileType: 'image' | 'pdf' | 'document';
  fileSize: number;
  viewUrl: string;
  downloadUrl: string;
}

export interface ChatMessageView {
  _id: string;
  /** Null for a deleted account, and for an organizer's message read by an author (shown as "Reviewer"). */
  sender: { _id: string; username: string } | null;
  senderRole: 'admin' | 'author';
  message: string;
  timestamp: string;
  attachments: ChatAttachmentView[];
}

export interface UnreadSummary {
  unreadSummary: { paperId: string; unreadCount: number }[];
  totalUnread: number;
}
