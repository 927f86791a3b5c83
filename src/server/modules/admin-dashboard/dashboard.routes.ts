import { conferenceFileStem } from '@shared/conference.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paperListQuerySchema,
  recordsQuerySchema,
  userListQuerySchema,
  adminPapersResponseSchema,
  adminUsersResponseSchema,
  dashboardStatsResponseSchema,
  recordsResponseSchema,
} from '@shared/schemas/admin-dashboard.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './dashboard.service.ts';
import { recordsCsv } from './records-export.service.ts';
import { nextDeadlineResponseSchema } from '@shared/schemas/deadlines.ts';
import { nextDeadline } from './next-deadline.service.ts';

const admin = { access: 'admin' as const };

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/stats', { schema: { response: { 200: dashboardStatsResponseSchema } }, config: admin }, async () => ({
    success: true,
    ...(await service.dashboardStats(ctx)),
  }));

  app.get('/next-deadline', { schema: { response: { 200: nextDeadlineResponseSchema } }, config: admin }, async () => ({
    success: true,
    next: await nextDeadline(ctx),
  }));

  app.get(
    '/users',
    { schema: { response: { 200: adminUsersResponseSchema }, querystring: userListQuerySchema }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.listUsers(ctx, request.query)),
    }),
  );

  app.get(
    '/papers',
    { schema: { response: { 200: adminPapersResponseSchema }, querystring: paperListQuerySchema }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.listPapers(ctx, requireAdmin(request)._id, request.query)),
    }),
  );

  app.get(
    '/records',
    { schema: { response: { 200: recordsResponseSchema }, querystring: recordsQuerySchema }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.listRecords(ctx, request.query)),
    }),
  );

  app.get('/records/export', { schema: { querystring: recordsQuerySchema }, config: admin }, async (request, reply) => {
    const csv = await recordsCsv(ctx, request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Length', csv.bytes)
      .header('Content-Disposition', `attachment; filename="${conferenceFileStem()}-${request.query.view}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(csv.body);
  });
};
