import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAPER_STATUSES } from '../../../shared/constants.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { setPaperStatus } from './admin-papers.service.ts';
import { PAPER_NOT_FOUND } from './papers.service.ts';

const statusBody = z.object({
  status: z.enum(PAPER_STATUSES, 'Please choose one of the five review statuses.'),
  review: z.string().max(20_000).default(''),
});

export const adminPapersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The specification gives both verbs for this call.
  app.route({
    method: ['PUT', 'PATCH'],
    url: '/:paperId/status',
    schema: { params: z.object({ paperId: z.uuid(PAPER_NOT_FOUND) }), body: statusBody },
    config: { access: 'admin' },
    handler: async (request) => {
      const paper = await setPaperStatus(ctx, requireAdmin(request), request.params.paperId, request.body);
      return { success: true, message: `Paper status updated to ${paper.status}`, paper };
    },
  });
};
