import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@shared/constants.ts';
import { RESPONSE_TEXTS } from '@shared/domain/author-responses.ts';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import {
  authorResponseResponseSchema,
  authorResponseSavedResponseSchema,
  committeeResponseResponseSchema,
  organiserResponsesChangedResponseSchema,
  organiserResponsesResponseSchema,
  responseBodySchema,
} from '@shared/schemas/author-responses.ts';
import { pdfUploadRules } from '@server/lib/multipart-upload.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { sendMadeFile, sendStoredFile } from '@server/lib/send-file.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { receiveUploadWithinLimits } from '../storage-quota/storage-quota.service.ts';
import * as service from './author-responses.service.ts';

const paperParams = z.object({ id: z.uuid(PAPER_NOT_FOUND) });
const author = { access: 'user' as const };
const writing = { access: 'user' as const, rateLimit: perAccount(120, '1 hour') };

/** The revised abstract: a PDF judged by its content, at most the abstract's 10 MB. */
const REVISED_ABSTRACT = pdfUploadRules(
  'revisedAbstractPdf',
  { onlyPdf: RESPONSE_TEXTS.onlyPdf, tooLarge: RESPONSE_TEXTS.tooLarge },
  LIMITS.paperPdfBytes,
);

/** The author's response to the reviews of their paper, under /api/papers/{id}/response. */
export const authorResponseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:id/response',
    { schema: { params: paperParams, response: { 200: authorResponseResponseSchema } }, config: author },
    async (request) => ({
      success: true,
      view: await service.getAuthorView(ctx, requireUser(request), request.params.id),
    }),
  );

  app.put(
    '/:id/response/draft',
    {
      schema: { params: paperParams, body: responseBodySchema, response: { 200: authorResponseSavedResponseSchema } },
      config: writing,
    },
    async (request) => ({
      success: true,
      ...(await service.saveDraft(ctx, requireUser(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/:id/response/submit',
    {
      schema: { params: paperParams, body: responseBodySchema, response: { 200: authorResponseSavedResponseSchema } },
      config: writing,
    },
    async (request) => ({
      success: true,
      ...(await service.submitResponse(ctx, requireUser(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/:id/response/revised-abstract',
    {
      schema: { params: paperParams, response: { 200: authorResponseSavedResponseSchema } },
      config: { access: 'user', rateLimit: perAccount(30, '1 hour') },
    },
    async (request) => {
      const actor = requireUser(request);
      await service.assertCanRespond(ctx, actor, request.params.id);
      const upload = await receiveUploadWithinLimits(ctx, request, actor, REVISED_ABSTRACT);
      return { success: true, ...(await service.storeRevisedAbstract(ctx, actor, request.params.id, upload)) };
    },
  );

  app.delete(
    '/:id/response/revised-abstract',
    { schema: { params: paperParams, response: { 200: authorResponseSavedResponseSchema } }, config: writing },
    async (request) => ({
      success: true,
      ...(await service.removeRevisedAbstract(ctx, requireUser(request), request.params.id)),
    }),
  );

  app.get(
    '/:id/response/revised-abstract',
    { schema: { params: paperParams }, config: author },
    async (request, reply) =>
      sendStoredFile(
        reply,
        ctx.store,
        await service.getAuthorRevisedAbstract(ctx, requireUser(request), request.params.id),
      ),
  );
};

const memberParams = z.object({ paperId: z.uuid(REVIEW_TEXTS.notFound) });
const members = { access: 'member' as const };

/** The response as the paper's assigned members read it, under /api/committee/reviews/{paperId}. */
export const committeeResponseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:paperId/author-response',
    { schema: { params: memberParams, response: { 200: committeeResponseResponseSchema } }, config: members },
    async (request) => ({
      success: true,
      response: await service.getCommitteeResponse(ctx, requireUser(request), request.params.paperId),
    }),
  );

  app.get(
    '/:paperId/author-response/abstract',
    { schema: { params: memberParams }, config: members },
    async (request, reply) => {
      const copy = await service.getCommitteeRevisedAbstract(ctx, requireUser(request), request.params.paperId);
      return copy.kind === 'stored'
        ? sendStoredFile(reply, ctx.store, copy.file)
        : sendMadeFile(reply, copy.bytes, copy.file);
    },
  );
};

const adminParams = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });
const admins = { access: 'admin' as const };

/** Every round of a paper's response for organisers, under /api/admin/papers/{paperId}/author-responses. */
export const organiserResponseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:paperId/author-responses',
    { schema: { params: adminParams, response: { 200: organiserResponsesResponseSchema } }, config: admins },
    async (request) => ({ success: true, responses: await service.getOrganiserResponses(ctx, request.params.paperId) }),
  );

  app.post(
    '/:paperId/author-responses/reopen',
    { schema: { params: adminParams, response: { 200: organiserResponsesChangedResponseSchema } }, config: admins },
    async (request) => ({
      success: true,
      ...(await service.reopenResponse(ctx, requireAdmin(request), request.params.paperId)),
    }),
  );

  app.get(
    '/:paperId/author-responses/:responseId/abstract',
    {
      schema: { params: adminParams.extend({ responseId: z.uuid(RESPONSE_TEXTS.notFound) }) },
      config: admins,
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        ctx.store,
        await service.getOrganiserRevisedAbstract(ctx, request.params.paperId, request.params.responseId),
      ),
  );
};
