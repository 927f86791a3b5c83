import { conferenceFileStem } from '@shared/conference.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import {
  adminVisaRequestListQuerySchema,
  adminVisaRequestListResponseSchema,
  visaDeclineBodySchema,
  visaRequestDecidedResponseSchema,
} from '@shared/schemas/letters.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { sendLetterFile } from './letter-reply.ts';
import * as letters from './letters.service.ts';
import * as visaRequests from './visa-requests.service.ts';

const admin = { access: 'admin' as const };
const paperParams = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });
const requestParams = z.object({ requestId: z.uuid(LETTER_TEXTS.requestNotFound) });

/** The organisers' side of letters, under /api/admin. */
export const adminLettersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/papers/:paperId/letters/acceptance',
    { schema: { params: paperParams }, config: admin },
    async (request, reply) =>
      sendLetterFile(reply, await letters.getAcceptanceLetter(ctx, requireAdmin(request), request.params.paperId)),
  );

  app.get(
    '/papers/:paperId/letters/visa/:letterId',
    { schema: { params: paperParams.extend({ letterId: z.uuid(LETTER_TEXTS.letterNotFound) }) }, config: admin },
    async (request, reply) =>
      sendLetterFile(
        reply,
        await letters.getVisaLetter(ctx, requireAdmin(request), request.params.paperId, request.params.letterId),
      ),
  );

  app.get('/letters/acceptance.zip', { config: admin }, async (request, reply) => {
    const archive = await letters.getAcceptanceLettersZip(ctx, requireAdmin(request));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${conferenceFileStem()}-acceptance-letters.zip"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(archive);
  });

  app.get(
    '/visa-requests',
    {
      schema: { querystring: adminVisaRequestListQuerySchema, response: { 200: adminVisaRequestListResponseSchema } },
      config: admin,
    },
    async (request) => ({ success: true, ...(await visaRequests.listVisaRequests(ctx, request.query)) }),
  );

  app.post(
    '/visa-requests/:requestId/approve',
    { schema: { params: requestParams, response: { 200: visaRequestDecidedResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      message: LETTER_TEXTS.approved,
      request: await visaRequests.approveVisaRequest(ctx, requireAdmin(request), request.params.requestId),
    }),
  );

  app.post(
    '/visa-requests/:requestId/decline',
    {
      schema: {
        params: requestParams,
        body: visaDeclineBodySchema,
        response: { 200: visaRequestDecidedResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      message: LETTER_TEXTS.declined,
      request: await visaRequests.declineVisaRequest(
        ctx,
        requireAdmin(request),
        request.params.requestId,
        request.body.note,
      ),
    }),
  );
};
