import type { FastifyReply } from 'fastify';
import { type FileStore, StoredFileMissingError } from '../storage/file-store.ts';
import { AppError } from './app-error.ts';
import { nameForType } from './content-type.ts';

export interface ServableFile {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  fileName: string;
}

/** RFC 8187 value characters: encodeURIComponent leaves ' ( ) * as they are, which would end or confuse the value. */
function extValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${extValue(fileName)}`;
}

/**
 * Streams a stored file with headers that stop a browser from treating it as anything but
 * what it is: exact type, a name ending that matches it, nosniff, a sandboxing CSP, and no
 * shared caching.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  file: ServableFile,
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<FastifyReply> {
  const stream = await store.open(file.storageKey).catch((error: unknown) => {
    throw error instanceof StoredFileMissingError ? new AppError('not_found', error.message) : error;
  });
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.sizeBytes))
    .header('Content-Disposition', contentDisposition(disposition, nameForType(file.fileName, file.contentType)))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}
