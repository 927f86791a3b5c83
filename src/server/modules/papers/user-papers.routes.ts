import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserParams } from '../../../shared/schemas/user.ts';
import { countPapersOfUser, listPapersOfUser } from './admin-papers.service.ts';

/** A user's papers as organizers see them, under /admin/users/:userId (the user page's Papers tab). */
export const userPapersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = { schema: { params: adminUserParams }, config: { access: 'admin' as const } };

  app.get('/:userId/papers', route, async (request) => ({
    success: true,
    papers: await listPapersOfUser(ctx, request.params.userId),
  }));

  app.get('/:userId/papers/count', route, async (request) => ({
    success: true,
    ...(await countPapersOfUser(ctx, request.params.userId)),
  }));
};
