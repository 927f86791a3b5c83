import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPaperChangedResponseSchema } from '@shared/schemas/admin-paper.ts';
import { deadlineExtensionBodySchema } from '@shared/schemas/deadlines.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { extendDeadline } from './deadline-extensions.service.ts';
import { PAPER_NOT_FOUND } from './paper-workflow.ts';

/** One paper's own deadlines, under /api/admin/papers. */
export const deadlineExtensionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/:paperId/deadline-extensions',
    {
      schema: {
        params: z.object({ paperId: z.uuid(PAPER_NOT_FOUND) }),
        body: deadlineExtensionBodySchema,
        response: { 200: adminPaperChangedResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true,
      ...(await extendDeadline(ctx, requireAdmin(request), request.params.paperId, request.body)),
    }),
  );
};
