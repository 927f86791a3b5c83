import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  changePasswordBodySchema,
  accountSessionsResponseSchema,
  sessionsEndedResponseSchema,
} from '@shared/schemas/auth.ts';
import { perAddress } from '@server/lib/rate-limits.ts';
import { requireUser } from '@server/plugins/auth.ts';
import { originOf } from '@server/lib/request-origin.ts';
import * as service from './account.service.ts';
import { messageResponseSchema, successResponseSchema } from '@shared/schemas/responses.ts';

const sessionParams = z.object({ sessionId: z.uuid(ACCOUNT_MESSAGES.sessionNotFound) });

/** The signed-in person's own account: password and sessions. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const user = { access: 'user' } as const;

  app.get(
    '/sessions',
    { schema: { response: { 200: accountSessionsResponseSchema } }, config: user },
    async (request) => ({
      success: true,
      sessions: await service.listSessions(ctx, requireUser(request), request.sessionToken!),
    }),
  );

  app.delete(
    '/sessions/:sessionId',
    { schema: { response: { 200: successResponseSchema }, params: sessionParams }, config: user },
    async (request) => {
      await service.endOwnSession(ctx, requireUser(request), request.params.sessionId, originOf(request));
      return { success: true };
    },
  );

  app.post(
    '/sessions/end-others',
    { schema: { response: { 200: sessionsEndedResponseSchema } }, config: user },
    async (request) => ({
      success: true,
      ended: await service.endOtherSessions(ctx, requireUser(request), request.sessionToken!, originOf(request)),
    }),
  );

  app.post(
    '/password',
    {
      schema: { response: { 200: messageResponseSchema }, body: changePasswordBodySchema },
      config: { ...user, rateLimit: perAddress(ctx.config, 30, '1 hour') },
    },
    async (request) => {
      await service.changePassword(ctx, requireUser(request), request.body, {
        token: request.sessionToken!,
        ...originOf(request),
      });
      return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
