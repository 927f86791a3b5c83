import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@shared/schemas/responses.ts';
import { adminUserParams } from '@shared/schemas/user.ts';
import { originOf } from '@server/lib/request-origin.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { endSessionsOfUser, USER_SIGNED_OUT } from './sessions.service.ts';

/** An organizer ends every session of a user, under /admin/users/:userId. */
export const adminSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = {
    schema: { params: adminUserParams, response: { 200: messageResponseSchema } },
    config: { access: 'admin' as const },
  };

  app.post('/:userId/sessions/end', route, async (request) => {
    await endSessionsOfUser(ctx, requireAdmin(request), request.params.userId, originOf(request));
    return { success: true, message: USER_SIGNED_OUT };
  });
};
