import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, okResponse } from '../../../shared/schemas/responses.ts';

const healthResponseSchema = okResponse({ database: z.literal('ok') });
// `database` is absent when the request failed earlier, at its session lookup (the general 503).
const unhealthyResponseSchema = errorResponseSchema.extend({ database: z.literal('unreachable').optional() });
import { isDatabaseUnavailable, pingDatabase } from '../../db/client.ts';
import { SERVICE_UNAVAILABLE } from '../../plugins/errors.ts';

/** For monitors and load balancers: 200 when the database answers, 503 when it cannot be reached. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    { schema: { response: { 200: healthResponseSchema, 503: unhealthyResponseSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return reply.status(503).send({ success: false, message: SERVICE_UNAVAILABLE, database: 'unreachable' });
      }
      return { success: true, database: 'ok' as const };
    },
  );
};
