import './field-messages.ts';
import { LIMITS } from '../constants.ts';
import { CHAT_ALLOWED_EXTENSIONS, CHAT_MESSAGES } from './chat.ts';

/**
 * The browser's early check of chosen attachments (the server checks the bytes again):
 * the first problem in the spec's words, or null when the files may be sent.
 */
export function chatFilesProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > LIMITS.chatFilesPerMessage) return CHAT_MESSAGES.tooManyFiles;
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(CHAT_ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) return CHAT_MESSAGES.notAllowed(file.name);
    if (file.size > LIMITS.chatFileBytes) return CHAT_MESSAGES.tooLarge(file.name);
  }
  return null;
}
