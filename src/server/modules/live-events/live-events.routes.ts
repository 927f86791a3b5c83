import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_MESSAGES, LIVE_STREAM_DESCRIPTION } from '@shared/schemas/live-events.ts';
import { AppError } from '@server/lib/app-error.ts';
import { requireUser } from '@server/plugins/auth.ts';
import { hashToken } from '@server/lib/tokens.ts';
import type { LiveHub } from './live-events.service.ts';

/**
 * Answers with the stream itself: the reply is taken over from Fastify, so no hook buffers it
 * (compression included) and nothing ends it but the client, the hub or a shutdown.
 */
async function openStream(hub: LiveHub, request: FastifyRequest, reply: FastifyReply, signedIn: boolean) {
  const user = signedIn ? requireUser(request) : null;
  const token = signedIn ? request.sessionToken : null;
  if (!hub.admits(request.ip, token ? hashToken(token) : null))
    throw new AppError('rate_limited', LIVE_MESSAGES.tooManyStreams);
  const lastEventId = request.headers['last-event-id'];
  reply.hijack();
  const { raw } = reply;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = String(value);
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx: pass each event on at once (docs/operations.md).
    'x-accel-buffering': 'no',
    // Once the stream ends (a shutdown) the connection goes with it, so nothing holds the close.
    connection: 'close',
  });
  // The heartbeat keeps the stream busy; the server's idle timeout is for requests, not streams.
  request.raw.socket.setTimeout(0);
  await hub.open(raw, { address: request.ip, user, token }, typeof lastEventId === 'string' ? lastEventId : undefined);
}

/** GET /api/events: the signed-in user's stream; GET /api/events/public: the programme's, for anyone. */
export const liveEventsRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get(
    '/',
    { schema: { description: LIVE_STREAM_DESCRIPTION.signedIn }, config: { access: 'user' } },
    (request, reply) => openStream(hub, request, reply, true),
  );
  app.get(
    '/public',
    { schema: { description: LIVE_STREAM_DESCRIPTION.public }, config: { access: 'public', session: false } },
    (request, reply) => openStream(hub, request, reply, false),
  );
};
