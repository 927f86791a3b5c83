import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTHOR_MESSAGE_TEXTS,
  messageTemplateBodySchema,
  messageTemplateListResponseSchema,
  messageTemplateResponseSchema,
} from '@shared/schemas/author-messages.ts';
import { successResponseSchema } from '@shared/schemas/responses.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './message-templates.service.ts';

const admin = { access: 'admin' as const };
const templateParams = z.object({ templateId: z.uuid(AUTHOR_MESSAGE_TEXTS.templateNotFound) });

/** Saved messages to send again, under /api/admin/message-templates. */
export const messageTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { response: { 200: messageTemplateListResponseSchema } }, config: admin }, async () => ({
    success: true,
    templates: await service.listTemplates(ctx),
  }));

  app.post(
    '/',
    { schema: { body: messageTemplateBodySchema, response: { 201: messageTemplateResponseSchema } }, config: admin },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true, template: await service.createTemplate(ctx, requireAdmin(request)._id, request.body) }),
  );

  app.put(
    '/:templateId',
    {
      schema: {
        params: templateParams,
        body: messageTemplateBodySchema,
        response: { 200: messageTemplateResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      template: await service.updateTemplate(ctx, requireAdmin(request)._id, request.params.templateId, request.body),
    }),
  );

  app.delete(
    '/:templateId',
    { schema: { params: templateParams, response: { 200: successResponseSchema } }, config: admin },
    async (request) => {
      await service.deleteTemplate(ctx, request.params.templateId);
      return { success: true };
    },
  );
};
