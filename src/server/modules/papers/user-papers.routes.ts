import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userPaperCountsResponseSchema, userPapersResponseSchema } from '@shared/schemas/admin-paper.ts';
import { adminUserParams } from '@shared/schemas/user.ts';
import { countPapersOfUser, listPapersOfUser } from './admin-papers.service.ts';

/** A user's papers as organizers see them, under /admin/users/:userId (the user page's Papers tab). */
export const userPapersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { access: 'admin' as const };

  app.get(
    '/:userId/papers',
    { schema: { params: adminUserParams, response: { 200: userPapersResponseSchema } }, config },
    async (request) => ({
      success: true,
      papers: await listPapersOfUser(ctx, request.params.userId),
    }),
  );

  app.get(
    '/:userId/papers/count',
    { schema: { params: adminUserParams, response: { 200: userPaperCountsResponseSchema } }, config },
    async (request) => ({
      success: true,
      ...(await countPapersOfUser(ctx, request.params.userId)),
    }),
  );
};
