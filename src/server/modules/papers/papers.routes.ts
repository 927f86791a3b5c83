import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@shared/constants.ts';
import {
  PAPER_MESSAGES,
  paymentBodySchema,
  ownPapersResponseSchema,
  paperChangedResponseSchema,
  paperResponseSchema,
  submissionCountResponseSchema,
} from '@shared/schemas/paper.ts';
import { pdfUploadRules } from '@server/lib/multipart-upload.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { sendStoredFile } from '@server/lib/send-file.ts';
import { requireUser } from '@server/plugins/auth.ts';
import { receiveUploadWithinLimits } from '../storage-quota/storage-quota.service.ts';
import * as service from './papers.service.ts';

const paperParams = z.object({ id: z.uuid(service.PAPER_NOT_FOUND) });

const { paperPdfBytes } = LIMITS;
/** An author's uploads: far above what a submission needs, far below a flood of them. */
const uploading = { access: 'user' as const, rateLimit: perAccount(30, '1 hour') };

const ABSTRACT_UPLOAD = pdfUploadRules(
  'paperPdf',
  { onlyPdf: PAPER_MESSAGES.onlyPdf, tooLarge: PAPER_MESSAGES.reuploadTooLarge },
  paperPdfBytes,
);
const REUPLOAD = pdfUploadRules(
  'paperPdf',
  { onlyPdf: PAPER_MESSAGES.reuploadOnlyPdf, tooLarge: PAPER_MESSAGES.reuploadTooLarge },
  paperPdfBytes,
);
const FULL_PAPER_UPLOAD = pdfUploadRules(
  'fullPaperPdf',
  { onlyPdf: PAPER_MESSAGES.onlyPdf, tooLarge: PAPER_MESSAGES.fullPaperTooLarge },
  paperPdfBytes,
);

export const papersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/user',
    { schema: { response: { 200: ownPapersResponseSchema } }, config: { access: 'user' } },
    async (request) => service.listOwnPapers(ctx, requireUser(request)),
  );

  app.get(
    '/user-submissions',
    { schema: { response: { 200: submissionCountResponseSchema } }, config: { access: 'user' } },
    async (request) => ({
      success: true,
      count: await service.countOwnPapers(ctx, requireUser(request)),
    }),
  );

  app.post(
    '/submit',
    { schema: { response: { 201: paperChangedResponseSchema } }, config: uploading },
    async (request, reply) => {
      const actor = requireUser(request);
      await service.assertCanSubmitPaper(ctx, actor);
      const upload = await receiveUploadWithinLimits(ctx, request, actor, ABSTRACT_UPLOAD);
      const paper = await service.submitPaper(ctx, actor, upload);
      return reply.status(201).send({ success: true, message: service.PAPER_SERVER_MESSAGES.submitted, paper });
    },
  );

  app.get('/view/:id', { schema: { params: paperParams }, config: { access: 'user' } }, async (request, reply) =>
    sendStoredFile(
      reply,
      ctx.store,
      await service.getSubmissionFile(ctx, requireUser(request), request.params.id, 'abstract'),
    ),
  );

  app.get('/view-full/:id', { schema: { params: paperParams }, config: { access: 'user' } }, async (request, reply) =>
    sendStoredFile(
      reply,
      ctx.store,
      await service.getSubmissionFile(ctx, requireUser(request), request.params.id, 'full_paper'),
    ),
  );

  app.get(
    '/:id',
    { schema: { response: { 200: paperResponseSchema }, params: paperParams }, config: { access: 'user' } },
    async (request) => ({
      success: true,
      paper: await service.getPaper(ctx, requireUser(request), request.params.id),
    }),
  );

  app.patch(
    '/:id/payment',
    {
      schema: { response: { 200: paperChangedResponseSchema }, params: paperParams, body: paymentBodySchema },
      config: { access: 'user' },
    },
    async (request) => ({
      success: true,
      message: service.PAPER_SERVER_MESSAGES.paymentSaved,
      paper: await service.savePaymentId(ctx, requireUser(request), request.params.id, request.body.paymentId),
    }),
  );

  app.post(
    '/:id/re-upload-abstract',
    { schema: { response: { 200: paperChangedResponseSchema }, params: paperParams }, config: uploading },
    async (request) => {
      const actor = requireUser(request);
      await service.assertCanReuploadAbstract(ctx, actor, request.params.id);
      const upload = await receiveUploadWithinLimits(ctx, request, actor, REUPLOAD);
      const paper = await service.reuploadAbstract(ctx, actor, request.params.id, upload);
      return { success: true, message: service.PAPER_SERVER_MESSAGES.reuploaded, paper };
    },
  );

  app.post(
    '/:id/full-paper',
    { schema: { response: { 200: paperChangedResponseSchema }, params: paperParams }, config: uploading },
    async (request) => {
      const actor = requireUser(request);
      await service.assertCanSubmitFullPaper(ctx, actor, request.params.id);
      const upload = await receiveUploadWithinLimits(ctx, request, actor, FULL_PAPER_UPLOAD);
      const paper = await service.submitFullPaper(ctx, actor, request.params.id, upload);
      return { success: true, message: service.PAPER_SERVER_MESSAGES.fullPaperSubmitted, paper };
    },
  );

  app.get(
    '/:id/shared-files/:fileId/view',
    { schema: { params: paperParams.extend({ fileId: z.uuid('File not found.') }) }, config: { access: 'user' } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        ctx.store,
        await service.getSharedFile(ctx, requireUser(request), request.params.id, request.params.fileId),
      ),
  );
};
