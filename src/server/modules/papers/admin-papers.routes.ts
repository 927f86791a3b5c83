import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, PAPER_STATUSES } from '@shared/constants.ts';
import {
  ADMIN_MESSAGES,
  adminFileResponseSchema,
  adminFileUploadedResponseSchema,
  adminFileVisibilityBodySchema,
  adminPaperChangedResponseSchema,
  adminPaperDetailsResponseSchema,
  evaluationResponseSchema,
  evaluationSavedResponseSchema,
  paperHistoryResponseSchema,
  evaluationBodySchema,
  toggleAbstractBodySchema,
  toggleFullPaperBodySchema,
} from '@shared/schemas/admin-paper.ts';
import { pdfUploadRules } from '@server/lib/multipart-upload.ts';
import { sendStoredFile } from '@server/lib/send-file.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { receiveUploadWithinLimits } from '../storage-quota/storage-quota.service.ts';
import * as files from './admin-files.service.ts';
import * as service from './admin-papers.service.ts';
import { PAPER_NOT_FOUND } from './papers.service.ts';
import * as resets from './submission-resets.service.ts';
import { messageResponseSchema } from '@shared/schemas/responses.ts';

const statusBody = z.object({
  status: z.enum(PAPER_STATUSES, 'Please choose one of the five review statuses.'),
  review: z.string().max(20_000).default(''),
  version: z.number().int().positive().optional(),
  /** With a decision: share the reviewers' comments with the author (off by default). */
  shareReviews: z.boolean().default(false),
});
const paperParams = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });
const fileParams = paperParams.extend({ fileId: z.uuid(files.ADMIN_FILE_NOT_FOUND) });
const ADMIN_FILE_UPLOAD = pdfUploadRules(
  'adminFile',
  { onlyPdf: ADMIN_MESSAGES.onlyPdf, tooLarge: 'File size must be less than 10MB.' },
  LIMITS.paperPdfBytes,
);
const admin = { access: 'admin' as const };

export const adminPapersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:paperId',
    { schema: { response: { 200: adminPaperDetailsResponseSchema }, params: paperParams }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.getPaperWithSubmitter(ctx, request.params.paperId)),
    }),
  );

  // The specification gives both verbs for this call.
  app.route({
    method: ['PUT', 'PATCH'],
    url: '/:paperId/status',
    schema: { params: paperParams, body: statusBody, response: { 200: adminPaperChangedResponseSchema } },
    config: admin,
    handler: async (request) => {
      const paper = await service.setPaperStatus(ctx, requireAdmin(request), request.params.paperId, request.body);
      return { success: true, message: `Paper status updated to ${paper.status}`, paper };
    },
  });

  app.get(
    '/:paperId/evaluation',
    { schema: { response: { 200: evaluationResponseSchema }, params: paperParams }, config: admin },
    async (request) => ({
      success: true,
      evaluation: await service.getEvaluation(ctx, request.params.paperId),
    }),
  );

  app.put(
    '/:paperId/evaluate',
    {
      schema: { response: { 200: evaluationSavedResponseSchema }, params: paperParams, body: evaluationBodySchema },
      config: admin,
    },
    async (request) => ({
      success: true,
      message: 'Evaluation saved.',
      paper: {
        _id: request.params.paperId,
        adminEvaluation: await service.saveEvaluation(ctx, requireAdmin(request), request.params.paperId, request.body),
      },
    }),
  );

  app.put(
    '/:paperId/toggle-abstract',
    {
      schema: {
        response: { 200: adminPaperChangedResponseSchema },
        params: paperParams,
        body: toggleAbstractBodySchema,
      },
      config: admin,
    },
    async (request) => {
      const { resetAbstract, reason, version, reuploadUntil } = request.body;
      const result = await resets.toggleSubmission(ctx, requireAdmin(request), request.params.paperId, 'abstract', {
        reset: resetAbstract,
        reason,
        version,
        reuploadUntil,
      });
      return { success: true, ...result };
    },
  );

  app.put(
    '/:paperId/toggle-fullpaper',
    {
      schema: {
        response: { 200: adminPaperChangedResponseSchema },
        params: paperParams,
        body: toggleFullPaperBodySchema,
      },
      config: admin,
    },
    async (request) => {
      const { resetFullPaper, reason, version, reuploadUntil } = request.body;
      const result = await resets.toggleSubmission(ctx, requireAdmin(request), request.params.paperId, 'full_paper', {
        reset: resetFullPaper,
        reason,
        version,
        reuploadUntil,
      });
      return { success: true, ...result };
    },
  );

  app.get(
    '/:paperId/history',
    { schema: { response: { 200: paperHistoryResponseSchema }, params: paperParams }, config: admin },
    async (request) => ({
      success: true,
      paper: await resets.getHistory(ctx, request.params.paperId),
    }),
  );

  app.get(
    '/:paperId/history/:entryId/:kind/view',
    {
      schema: {
        params: paperParams.extend({
          entryId: z.uuid('Submission version not found.'),
          kind: z.enum(['abstract', 'fullpaper']),
        }),
      },
      config: admin,
    },
    async (request, reply) => {
      const { paperId, entryId, kind } = request.params;
      return sendStoredFile(reply, ctx.store, await resets.getHistoricFile(ctx, paperId, entryId, kind));
    },
  );

  app.post(
    '/:paperId/upload-file',
    {
      schema: { response: { 201: adminFileUploadedResponseSchema }, params: paperParams },
      config: { ...admin, rateLimit: perAccount(300, '1 hour') },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      await service.requirePaper(ctx.db, request.params.paperId);
      const upload = await receiveUploadWithinLimits(ctx, request, actor, ADMIN_FILE_UPLOAD);
      const result = await files.uploadAdminFile(ctx, actor, request.params.paperId, upload);
      return reply.status(201).send({ success: true, message: ADMIN_MESSAGES.fileUploaded, ...result });
    },
  );

  app.patch(
    '/:paperId/admin-files/:fileId',
    {
      schema: { response: { 200: adminFileResponseSchema }, params: fileParams, body: adminFileVisibilityBodySchema },
      config: admin,
    },
    async (request) => {
      const { paperId, fileId } = request.params;
      return {
        success: true,
        file: await files.setAdminFileVisibility(
          ctx,
          requireAdmin(request),
          paperId,
          fileId,
          request.body.visibleToUser,
        ),
      };
    },
  );

  app.delete(
    '/:paperId/admin-files/:fileId',
    { schema: { response: { 200: messageResponseSchema }, params: fileParams }, config: admin },
    async (request) => {
      await files.deleteAdminFile(ctx, requireAdmin(request), request.params.paperId, request.params.fileId);
      return { success: true, message: ADMIN_MESSAGES.fileDeleted };
    },
  );

  app.get(
    '/:paperId/admin-files/:fileId/view',
    { schema: { params: fileParams }, config: admin },
    async (request, reply) =>
      sendStoredFile(reply, ctx.store, await files.getAdminFile(ctx, request.params.paperId, request.params.fileId)),
  );

  app.get('/download/:paperId', { schema: { params: paperParams }, config: admin }, async (request, reply) =>
    sendStoredFile(reply, ctx.store, await service.getAbstractDownload(ctx, request.params.paperId), 'attachment'),
  );
};
