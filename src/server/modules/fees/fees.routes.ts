import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFeesResponseSchema,
  feeCategoryBodySchema,
  feeCategorySavedResponseSchema,
  feeSettingsBodySchema,
  feeSettingsResponseSchema,
} from '@shared/schemas/fees.ts';
import { messageResponseSchema } from '@shared/schemas/responses.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './fees.service.ts';

const categoryParams = z.object({ categoryId: z.uuid() });

/** The "Fees" page: categories with their early-bird and late amounts, and the payment settings. */
export const adminFeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' } as const;

  app.get('/', { schema: { response: { 200: adminFeesResponseSchema } }, config: admin }, async () => ({
    success: true,
    ...(await service.adminFees(ctx)),
  }));

  app.post(
    '/categories',
    { schema: { body: feeCategoryBodySchema, response: { 200: feeCategorySavedResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.createCategory(ctx, requireAdmin(request), request.body)) }),
  );

  app.put(
    '/categories/:categoryId',
    {
      schema: {
        params: categoryParams,
        body: feeCategoryBodySchema,
        response: { 200: feeCategorySavedResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.updateCategory(ctx, requireAdmin(request), request.params.categoryId, request.body)),
    }),
  );

  app.delete(
    '/categories/:categoryId',
    { schema: { params: categoryParams, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.deleteCategory(ctx, request.params.categoryId)) }),
  );

  app.put(
    '/settings',
    { schema: { body: feeSettingsBodySchema, response: { 200: feeSettingsResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.saveFeeSettings(ctx, requireAdmin(request), request.body)),
    }),
  );
};
