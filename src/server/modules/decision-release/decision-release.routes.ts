import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decisionReleaseResponseSchema,
  decisionReleaseSavedResponseSchema,
  releaseBatchResponseSchema,
  releasePreviewResponseSchema,
  releaseScopeBodySchema,
  setDecisionReleaseBodySchema,
} from '@shared/schemas/decision-release.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './decision-release.service.ts';

/** When decisions reach their authors, and their release: under /api/admin/decision-release. */
export const decisionReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' as const };

  app.get('/', { schema: { response: { 200: decisionReleaseResponseSchema } }, config: admin }, async () => ({
    success: true,
    ...(await service.getSettings(ctx)),
  }));

  app.put(
    '/',
    {
      schema: { body: setDecisionReleaseBodySchema, response: { 200: decisionReleaseSavedResponseSchema } },
      config: { ...admin, rateLimit: perAccount(60, '1 hour') },
    },
    async (request) => ({ success: true, ...(await service.setMode(ctx, requireAdmin(request), request.body)) }),
  );

  app.post(
    '/preview',
    { schema: { body: releaseScopeBodySchema, response: { 200: releasePreviewResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.previewRelease(ctx, request.body)) }),
  );

  app.post(
    '/release',
    { schema: { body: releaseScopeBodySchema, response: { 200: releaseBatchResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.releaseBatch(ctx, requireAdmin(request), request.body)) }),
  );
};
