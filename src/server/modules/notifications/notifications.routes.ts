import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNotificationListQuerySchema,
  notificationListQuerySchema,
  systemNotificationBodySchema,
  notificationPageResponseSchema,
  notificationsUpdatedResponseSchema,
  unreadNotificationCountResponseSchema,
} from '@shared/schemas/notification.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import * as service from './notifications.service.ts';
import { messageResponseSchema, successResponseSchema } from '@shared/schemas/responses.ts';

const idParams = z.object({ id: z.uuid(service.NOTIFICATION_NOT_FOUND) });

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: { response: { 200: notificationPageResponseSchema }, querystring: notificationListQuerySchema },
      config: { access: 'user' },
    },
    async (request) => ({
      success: true,
      data: await service.listOwn(ctx, requireUser(request), request.query),
    }),
  );

  // Polled by every open page: a few bytes that no compression shrinks, so its hooks are skipped.
  app.get(
    '/unread-count',
    {
      schema: { response: { 200: unreadNotificationCountResponseSchema } },
      config: { access: 'user' },
      compress: false,
    },
    async (request) => ({
      success: true,
      count: await service.unreadCount(ctx, requireUser(request)),
    }),
  );

  app.patch(
    '/read-all',
    { schema: { response: { 200: notificationsUpdatedResponseSchema } }, config: { access: 'user' } },
    async (request) => ({
      success: true,
      updated: await service.markAllRead(ctx, requireUser(request)),
    }),
  );

  app.patch(
    '/:id/read',
    { schema: { response: { 200: successResponseSchema }, params: idParams }, config: { access: 'user' } },
    async (request) => {
      await service.markRead(ctx, requireUser(request), request.params.id);
      return { success: true };
    },
  );

  app.delete(
    '/:id',
    { schema: { response: { 200: successResponseSchema }, params: idParams }, config: { access: 'user' } },
    async (request) => {
      await service.remove(ctx, requireUser(request), request.params.id);
      return { success: true };
    },
  );

  app.post(
    '/system',
    {
      schema: { response: { 201: messageResponseSchema }, body: systemNotificationBodySchema },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      requireAdmin(request);
      await service.createSystemNotification(ctx, request.body);
      return reply.status(201).send({ success: true, message: 'Notification sent.' });
    },
  );

  app.get(
    '/admin/all',
    {
      schema: { response: { 200: notificationPageResponseSchema }, querystring: adminNotificationListQuerySchema },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true,
      data: await service.listAll(ctx, request.query),
    }),
  );
};
