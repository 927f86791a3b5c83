import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, pingDatabase } from '../../db/client.ts';
import { SERVICE_UNAVAILABLE } from '../../plugins/errors.ts';

/** For monitors and load balancers: 200 when the database answers, 503 when it cannot be reached. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return reply.status(503).send({ success: false, message: SERVICE_UNAVAILABLE, database: 'unreachable' });
    }
    return { success: true, database: 'ok' };
  });
};
