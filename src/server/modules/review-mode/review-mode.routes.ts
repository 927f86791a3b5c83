import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewModeResponseSchema,
  reviewModeSavedResponseSchema,
  setReviewModeBodySchema,
} from '@shared/schemas/review-mode.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { currentReviewMode, setReviewMode } from './review-mode.service.ts';

/**
 * The review mode: read by anyone under /api/settings/review-mode (the submission page tells
 * authors to anonymise in double-blind review), set by organisers under
 * /api/admin/committee/review-mode.
 */
export const reviewModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/settings/review-mode',
    { schema: { response: { 200: reviewModeResponseSchema } }, config: { access: 'public' } },
    async () => ({ success: true, reviewMode: await currentReviewMode(ctx.db) }),
  );

  app.put(
    '/admin/committee/review-mode',
    {
      schema: { body: setReviewModeBodySchema, response: { 200: reviewModeSavedResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({ success: true, ...(await setReviewMode(ctx, requireAdmin(request), request.body)) }),
  );
};
