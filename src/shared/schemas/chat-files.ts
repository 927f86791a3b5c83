import './field-messages.ts';
import { LIMITS } from '../constants.ts';
import { z } from 'zod';
import { CHAT_ALLOWED_EXTENSIONS, CHAT_MESSAGE_MAX, CHAT_MESSAGES } from './chat.ts';

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

/**
 * The message composer: some text or a file or both, within the service's limits. The files are
 * the browser's, checked by name and size here and by their bytes on the server.
 */
export const chatComposeSchema = z
  .object({
    message: z.string().trim().max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.tooLong),
    files: z.array(z.custom<File>()).superRefine((files, context) => {
      const problem = chatFilesProblem(files);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  })
  .refine((compose) => compose.message !== '' || compose.files.length > 0, {
    message: CHAT_MESSAGES.empty,
    path: ['message'],
  });
export type ChatCompose = z.infer<typeof chatComposeSchema>;
