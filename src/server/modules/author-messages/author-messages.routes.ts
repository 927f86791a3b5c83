import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTHOR_MESSAGE_TEXTS,
  messageListQuerySchema,
  messageListResponseSchema,
  messagePreviewBodySchema,
  messagePreviewResponseSchema,
  messageSendBodySchema,
  messageSendResponseSchema,
  recipientListQuerySchema,
  recipientListResponseSchema,
} from '@shared/schemas/author-messages.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './author-messages.service.ts';

const admin = { access: 'admin' as const };
const messageParams = z.object({ messageId: z.uuid(AUTHOR_MESSAGE_TEXTS.messageNotFound) });

/** "Message authors" and the Messages page, under /api/admin/messages. */
export const authorMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/preview',
    { schema: { body: messagePreviewBodySchema, response: { 200: messagePreviewResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.previewMessage(ctx, requireAdmin(request)._id, request.body)),
    }),
  );

  app.post(
    '/',
    { schema: { body: messageSendBodySchema, response: { 200: messageSendResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.sendMessage(ctx, requireAdmin(request)._id, request.body)),
    }),
  );

  app.get(
    '/',
    { schema: { querystring: messageListQuerySchema, response: { 200: messageListResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.listMessages(ctx, request.query)) }),
  );

  app.get(
    '/:messageId/recipients',
    {
      schema: {
        params: messageParams,
        querystring: recipientListQuerySchema,
        response: { 200: recipientListResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.listRecipients(ctx, request.params.messageId, request.query)),
    }),
  );
};
