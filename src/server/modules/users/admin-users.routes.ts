import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countPapersOfUser, listPapersOfUser } from '../papers/admin-papers.service.ts';
import { presentUser } from './user.presenter.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { originOf } from '../../lib/request-origin.ts';
import { endSessionsOfUser, getUserForAdmin, USER_NOT_FOUND, USER_SIGNED_OUT } from './users.service.ts';

const userParams = z.object({ userId: z.uuid(USER_NOT_FOUND) });

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = { schema: { params: userParams }, config: { access: 'admin' as const } };

  app.get('/:userId', route, async (request) => ({
    success: true,
    user: presentUser(await getUserForAdmin(ctx, request.params.userId)),
  }));

  app.get('/:userId/papers', route, async (request) => ({
    success: true,
    papers: await listPapersOfUser(ctx, request.params.userId),
  }));

  app.post('/:userId/sessions/end', route, async (request) => {
    await endSessionsOfUser(ctx, requireAdmin(request), request.params.userId, originOf(request));
    return { success: true, message: USER_SIGNED_OUT };
  });

  app.get('/:userId/papers/count', route, async (request) => ({
    success: true,
    ...(await countPapersOfUser(ctx, request.params.userId)),
  }));
};
