import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDeadlinesResponseSchema,
  publicDeadlinesResponseSchema,
  updateDeadlinesBodySchema,
  updateDeadlinesResponseSchema,
} from '@shared/schemas/deadlines.ts';
import { responseWordLimitBodySchema, responseWordLimitResponseSchema } from '@shared/schemas/author-responses.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as deadlines from './deadlines.service.ts';

/** The conference's dates for every page, under /api/settings. */
export const publicDeadlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/deadlines',
    { schema: { response: { 200: publicDeadlinesResponseSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      // Asked again on every page load, so an admin's change shows at once (the server keeps a 5 s copy).
      reply.header('Cache-Control', 'no-cache');
      return { success: true, ...(await deadlines.publicDeadlines(ctx)) };
    },
  );
};

/** The Deadlines settings page, under /api/admin/settings. */
export const adminDeadlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' as const };

  app.get('/deadlines', { schema: { response: { 200: adminDeadlinesResponseSchema } }, config: admin }, async () => ({
    success: true,
    ...(await deadlines.adminDeadlines(ctx)),
  }));

  app.put(
    '/deadlines',
    {
      schema: { body: updateDeadlinesBodySchema, response: { 200: updateDeadlinesResponseSchema } },
      config: { ...admin, rateLimit: perAccount(60, '1 hour') },
    },
    async (request) => ({
      success: true,
      ...(await deadlines.updateDates(ctx, requireAdmin(request), request.body)),
    }),
  );

  app.put(
    '/deadlines/response-word-limit',
    {
      schema: { body: responseWordLimitBodySchema, response: { 200: responseWordLimitResponseSchema } },
      config: { ...admin, rateLimit: perAccount(60, '1 hour') },
    },
    async (request) => ({
      success: true,
      ...(await deadlines.saveResponseWordLimit(ctx, requireAdmin(request), request.body.wordLimit)),
    }),
  );
};
