import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserParams, adminUserResponseSchema } from '@shared/schemas/user.ts';
import { presentUser } from './user.presenter.ts';
import { getUserForAdmin } from './users.service.ts';

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = {
    schema: { params: adminUserParams, response: { 200: adminUserResponseSchema } },
    config: { access: 'admin' as const },
  };

  app.get('/:userId', route, async (request) => ({
    success: true,
    user: presentUser(await getUserForAdmin(ctx, request.params.userId)),
  }));
};
