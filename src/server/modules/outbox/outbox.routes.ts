import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboxListResponseSchema,
  outboxMailParamsSchema,
  outboxMailResponseSchema,
  outboxQuerySchema,
  outboxSendAgainResponseSchema,
} from '@shared/schemas/outbox.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './outbox.service.ts';

const admin = { access: 'admin' as const };

/** The outbox: every mail the site has written, under /api/admin/outbox (organisers only). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxListResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.listMails(ctx, request.query)) }),
  );

  app.get(
    '/:mailId',
    { schema: { params: outboxMailParamsSchema, response: { 200: outboxMailResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      mail: await service.getMail(ctx, requireAdmin(request), request.params.mailId),
    }),
  );

  app.post(
    '/:mailId/send-again',
    { schema: { params: outboxMailParamsSchema, response: { 200: outboxSendAgainResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.sendAgain(ctx, requireAdmin(request), request.params.mailId)),
    }),
  );
};
