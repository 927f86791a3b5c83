import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkSelectionQuerySchema,
  bulkSelectionResponseSchema,
  bulkStatusBodySchema,
  bulkStatusResponseSchema,
} from '@shared/schemas/bulk-actions.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { paperFilterFor } from '../admin-dashboard/dashboard.service.ts';
import * as service from './bulk-actions.service.ts';

const admin = { access: 'admin' as const };

/** Actions on many papers at once, under /api/admin/papers/bulk. */
export const bulkActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/selection',
    {
      schema: { querystring: bulkSelectionQuerySchema, response: { 200: bulkSelectionResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      paperIds: await service.selectMatchingPapers(ctx, paperFilterFor(request.query, requireAdmin(request)._id)),
    }),
  );

  app.post(
    '/status',
    { schema: { body: bulkStatusBodySchema, response: { 200: bulkStatusResponseSchema } }, config: admin },
    async (request) => service.changeStatusOfPapers(ctx, requireAdmin(request), request.body),
  );
};
