import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badgeQuerySchema, badgesQuerySchema } from '@shared/schemas/participants.ts';
import { type BadgeFile, badgesPdf } from './badges.service.ts';

function sendPdf(reply: FastifyReply, file: BadgeFile): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', String(file.bytes.byteLength))
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(file.bytes));
}

/** "Badges (PDF)", under /api/admin: for a filter or a selection, or one participant's alone. */
export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' } as const;
  app.get('/badges.pdf', { schema: { querystring: badgesQuerySchema }, config: admin }, async (request, reply) =>
    sendPdf(reply, await badgesPdf(ctx, request.query)),
  );
  app.get(
    '/participants/:participantId/badge.pdf',
    { schema: { params: z.object({ participantId: z.uuid() }), querystring: badgeQuerySchema }, config: admin },
    async (request, reply) =>
      sendPdf(reply, await badgesPdf(ctx, { ids: [request.params.participantId], layout: request.query.layout })),
  );
};
