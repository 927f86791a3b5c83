import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, okResponse } from '@shared/schemas/responses.ts';
import { isDatabaseUnavailable, pingDatabase } from '@server/db/client.ts';
import { SERVICE_UNAVAILABLE } from '@server/plugins/errors.ts';

const liveResponseSchema = okResponse({});
const readyResponseSchema = okResponse({ database: z.literal('ok') });
// `database` is absent when the server cannot serve for another reason: it is shutting down, or
// it is taking its presence lock again (db/server-presence.ts).
const notReadyResponseSchema = errorResponseSchema.extend({ database: z.literal('unreachable').optional() });

/**
 * For supervisors, monitors and load balancers. Neither route reads the session: a cookie sent
 * along changes nothing, and costs no query.
 * - `/health` (liveness): 200 while the process serves requests, whatever the database does;
 *   a restart would not bring a database back.
 * - `/health/ready` (readiness): 200 when the database answers; 503 when it cannot be reached,
 *   or while the server takes its presence lock again (other API routes refuse then too).
 *   While the server shuts down both answer 503, like every request (plugins/draining.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: { response: { 200: liveResponseSchema, 503: errorResponseSchema } },
      config: { access: 'public', session: false },
    },
    async () => ({ success: true }),
  );
  app.get(
    '/ready',
    {
      schema: { response: { 200: readyResponseSchema, 503: notReadyResponseSchema } },
      config: { access: 'public', session: false },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return reply.status(503).send({ success: false, message: SERVICE_UNAVAILABLE, database: 'unreachable' });
      }
      if (ctx.presence && !ctx.presence.held)
        return reply.status(503).send({ success: false, message: SERVICE_UNAVAILABLE });
      return { success: true, database: 'ok' as const };
    },
  );
};
