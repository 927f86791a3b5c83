import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentUser } from './user.presenter.ts';
import { getUserForAdmin } from './users.service.ts';

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:userId',
    { schema: { params: z.object({ userId: z.uuid('User not found.') }) }, config: { access: 'admin' } },
    async (request) => ({ success: true, user: presentUser(await getUserForAdmin(app.ctx, request.params.userId)) }),
  );
};
