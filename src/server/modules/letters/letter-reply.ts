import type { FastifyReply } from 'fastify';
import type { LetterFile } from './letters.service.ts';

/** Sends a letter as a download, with the headers every served file has: nosniff, a sandbox, no shared caching. */
export function sendLetterFile(reply: FastifyReply, file: LetterFile): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', String(file.bytes.byteLength))
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(file.bytes));
}
