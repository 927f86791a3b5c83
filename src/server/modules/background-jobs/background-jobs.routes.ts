import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_TEXTS,
  jobRequestSchema,
  jobResponseSchema,
  latestJobQuerySchema,
  latestJobResponseSchema,
} from '@shared/schemas/background-jobs.ts';
import { sendStoredFile } from '@server/lib/send-file.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './background-jobs.service.ts';

const admin = { access: 'admin' as const };
const jobParams = z.object({ jobId: z.uuid(JOB_TEXTS.notFound) });

/** The Book of Abstracts and the files ZIP, made in the background, under /api/admin/jobs. */
export const backgroundJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/',
    { schema: { body: jobRequestSchema, response: { 202: jobResponseSchema } }, config: admin },
    async (request, reply) =>
      reply
        .code(202)
        .send({ success: true, job: await service.requestJob(ctx, requireAdmin(request)._id, request.body) }),
  );

  app.get(
    '/latest',
    { schema: { querystring: latestJobQuerySchema, response: { 200: latestJobResponseSchema } }, config: admin },
    async (request) => ({ success: true, job: await service.latestJob(ctx, request.query.kind) }),
  );

  app.get(
    '/:jobId',
    { schema: { params: jobParams, response: { 200: jobResponseSchema } }, config: admin },
    async (request) => ({ success: true, job: await service.getJob(ctx, request.params.jobId) }),
  );

  app.get('/:jobId/download', { schema: { params: jobParams }, config: admin }, async (request, reply) =>
    sendStoredFile(reply, ctx.store, await service.jobFile(ctx, request.params.jobId), 'attachment'),
  );
};
