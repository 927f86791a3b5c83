import type { FastifyReply } from 'fastify';
import type { FileStore } from '../storage/file-store.ts';

export interface ServableFile {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  fileName: string;
}

function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a stored file with headers that stop a browser from treating it as anything but
 * what it is: exact type, nosniff, a sandboxing CSP, and no shared caching.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  file: ServableFile,
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<FastifyReply> {
  const stream = await store.open(file.storageKey);
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.sizeBytes))
    .header('Content-Disposition', contentDisposition(disposition, file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}
