import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Feed, isFresh } from './programme-feeds.service.ts';

/**
 * Sends a published programme's file with its validators: anyone may keep a copy and must ask
 * whether it is still the latest (a 304 while the published version is the same). `filename`
 * offers it as a download.
 */
export function sendFeed(feed: Feed, request: FastifyRequest, reply: FastifyReply, filename?: string) {
  reply
    .header('ETag', feed.etag)
    .header('Last-Modified', feed.lastModified.toUTCString())
    .header('Cache-Control', 'public, no-cache');
  if (filename) reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  if (isFresh(feed, request.headers)) return reply.status(304).send();
  return reply.type(feed.contentType).send(feed.body);
}
