import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mailTemplateListResponseSchema,
  mailTemplatePreviewBodySchema,
  mailTemplatePreviewResponseSchema,
  mailTemplateResponseSchema,
  mailTemplateSaveResponseSchema,
  mailTemplateTextSchema,
} from '@shared/schemas/mail-templates.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './mail-templates.service.ts';

const admin = { access: 'admin' as const };
const params = z.object({ key: z.string().max(100) });

/** The site's own e-mails as templates, under /api/admin/mail-templates. */
export const mailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { response: { 200: mailTemplateListResponseSchema } }, config: admin }, async () => ({
    success: true,
    templates: await service.listTemplates(ctx),
  }));

  app.get(
    '/:key',
    { schema: { params, response: { 200: mailTemplateResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.getTemplate(ctx, request.params.key)),
    }),
  );

  app.put(
    '/:key',
    {
      schema: { params, body: mailTemplateTextSchema, response: { 200: mailTemplateSaveResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.saveTemplate(ctx, requireAdmin(request), request.params.key, request.body)),
    }),
  );

  app.delete(
    '/:key',
    { schema: { params, response: { 200: mailTemplateSaveResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.restoreDefault(ctx, requireAdmin(request), request.params.key)),
    }),
  );

  app.post(
    '/:key/preview',
    {
      schema: { params, body: mailTemplatePreviewBodySchema, response: { 200: mailTemplatePreviewResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true,
      preview: await service.previewTemplate(ctx, request.params.key, request.body),
    }),
  );
};
