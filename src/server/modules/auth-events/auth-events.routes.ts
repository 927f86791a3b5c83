import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEventsQuerySchema, authEventsResponseSchema } from '@shared/schemas/auth-events.ts';
import * as service from './auth-events.service.ts';

/** The sign-in log, for the organizers. */
export const authEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { response: { 200: authEventsResponseSchema }, querystring: authEventsQuerySchema },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true,
      ...(await service.listAuthEvents(app.ctx, request.query)),
    }),
  );
};
