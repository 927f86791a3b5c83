import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type FileStore, StoredFileMissingError } from '../storage/file-store.ts';
import { AppError } from './app-error.ts';
import { parseByteRange } from './byte-range.ts';
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

/** Nothing but the file it is: no sniffing, no script, no shared cache. */
function protect(reply: FastifyReply): FastifyReply {
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store');
}

/** A file made for this answer (an anonymised copy), whole, under the same headers as a stored one. */
export function sendMadeFile(
  reply: FastifyReply,
  bytes: Uint8Array,
  file: Pick<ServableFile, 'contentType' | 'fileName'>,
  disposition: 'inline' | 'attachment' = 'inline',
): FastifyReply {
  return protect(reply)
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(bytes.byteLength))
    .header('Content-Disposition', contentDisposition(disposition, nameForType(file.fileName, file.contentType)))
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export const RANGE_NOT_SATISFIABLE = 'The requested range is not within the file.';

/**
 * Streams a stored file with headers that stop a browser from treating it as anything but
 * what it is: exact type, a name ending that matches it, nosniff, a sandboxing CSP, and no
 * shared caching. A single byte range is served as such (a PDF viewer's or a resumed
 * download's), anything else as the whole file.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  file: ServableFile,
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<FastifyReply> {
  protect(reply).header('Accept-Ranges', 'bytes');
  const { headers, method } = reply.request;
  const named = contentDisposition(disposition, nameForType(file.fileName, file.contentType));
  if (method === 'HEAD') {
    // Headers only: the bytes are not read (Fastify would otherwise read them all and drop them).
    if (!(await store.stat(file.storageKey))) throw new AppError('not_found', new StoredFileMissingError().message);
    return (
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.sizeBytes))
        .header('Content-Disposition', named)
        // A stream, so Fastify keeps the length given (it sets 0 for an empty body).
        .send(Readable.from([]))
    );
  }
  // Ranges only for GET (RFC 9110 §14.2); no validator to compare If-Range with, so then the whole file.
  const range = headers['if-range'] ? undefined : parseByteRange(headers.range, file.sizeBytes);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${file.sizeBytes}`)
      .send({ success: false, message: RANGE_NOT_SATISFIABLE });
  }
  const stream = await store.open(file.storageKey, range).catch((error: unknown) => {
    throw error instanceof StoredFileMissingError ? new AppError('not_found', error.message) : error;
  });
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(file.sizeBytes));
  }
  return reply.header('Content-Type', file.contentType).header('Content-Disposition', named).send(stream);
}
