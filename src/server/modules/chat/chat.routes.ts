import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@shared/constants.ts';
import {
  CHAT_MESSAGES,
  chatMessagePostedResponseSchema,
  chatMessagesResponseSchema,
  unreadCountsResponseSchema,
} from '@shared/schemas/chat.ts';
import { IMAGES, PDF, SignatureCheck } from '@server/lib/content-type.ts';
import type { UploadRules } from '@server/lib/multipart-upload.ts';
import { perAddress } from '@server/lib/rate-limits.ts';
import { sendStoredFile } from '@server/lib/send-file.ts';
import { requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/papers.service.ts';
import { receiveUploadWithinLimits } from '../storage-quota/storage-quota.service.ts';
import * as service from './chat.service.ts';

const ATTACHMENTS: UploadRules = {
  fileField: 'attachments',
  maxFiles: LIMITS.chatFilesPerMessage,
  maxBytes: LIMITS.chatFileBytes,
  tooLargeMessage: CHAT_MESSAGES.tooLarge,
  tooManyFilesMessage: CHAT_MESSAGES.tooManyFiles,
  inspect: (fileName) => new SignatureCheck([...IMAGES, PDF], CHAT_MESSAGES.notAllowed(fileName)),
};

const paperParams = z.object({ id: z.uuid(PAPER_NOT_FOUND) });
const attachmentParams = paperParams.extend({
  messageId: z.uuid(service.ATTACHMENT_NOT_FOUND),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(LIMITS.chatFilesPerMessage - 1),
});

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/unread-counts',
    { schema: { response: { 200: unreadCountsResponseSchema } }, config: { access: 'user' } },
    async (request) => ({
      success: true,
      ...(await service.unreadSummary(ctx, requireUser(request))),
    }),
  );

  app.get(
    '/papers/:id/messages',
    { schema: { response: { 200: chatMessagesResponseSchema }, params: paperParams }, config: { access: 'user' } },
    async (request) => ({
      success: true,
      ...(await service.readMessages(ctx, requireUser(request), request.params.id)),
    }),
  );

  app.post(
    '/papers/:id/messages',
    {
      schema: { response: { 201: chatMessagePostedResponseSchema }, params: paperParams },
      config: { access: 'user', rateLimit: perAddress(ctx.config, 60, '1 minute') },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      await service.assertCanPost(ctx, actor, request.params.id);
      const upload = await receiveUploadWithinLimits(ctx, request, actor, ATTACHMENTS);
      const chatMessage = await service.postMessage(ctx, actor, request.params.id, upload);
      return reply.status(201).send({ success: true, chatMessage });
    },
  );

  for (const disposition of ['view', 'download'] as const) {
    app.get(
      `/papers/:id/messages/:messageId/attachments/:index/${disposition}`,
      { schema: { params: attachmentParams }, config: { access: 'user' } },
      async (request, reply) => {
        const { id, messageId, index } = request.params;
        const file = await service.getAttachment(ctx, requireUser(request), id, messageId, index);
        return sendStoredFile(reply, ctx.store, file, disposition === 'view' ? 'inline' : 'attachment');
      },
    );
  }
};
