import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import {
  letterVerificationResponseSchema,
  ownVisaRequestsResponseSchema,
  visaRequestBodySchema,
  visaRequestCreatedResponseSchema,
} from '@shared/schemas/letters.ts';
import { perAccount, perAddress } from '@server/lib/rate-limits.ts';
import { requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { sendLetterFile } from './letter-reply.ts';
import * as letters from './letters.service.ts';
import * as visaRequests from './visa-requests.service.ts';

const user = { access: 'user' as const };
const paperParams = z.object({ id: z.uuid(PAPER_NOT_FOUND) });
const letterParams = paperParams.extend({ letterId: z.uuid(LETTER_TEXTS.letterNotFound) });

/** An author's letters and visa letter requests, under /api/papers. */
export const paperLettersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/:id/letters/acceptance', { schema: { params: paperParams }, config: user }, async (request, reply) =>
    sendLetterFile(reply, await letters.getAcceptanceLetter(ctx, requireUser(request), request.params.id)),
  );

  app.get('/:id/letters/visa/:letterId', { schema: { params: letterParams }, config: user }, async (request, reply) =>
    sendLetterFile(
      reply,
      await letters.getVisaLetter(ctx, requireUser(request), request.params.id, request.params.letterId),
    ),
  );

  app.get(
    '/:id/visa-requests',
    { schema: { params: paperParams, response: { 200: ownVisaRequestsResponseSchema } }, config: user },
    async (request) => ({
      success: true,
      ...(await visaRequests.listOwnVisaRequests(ctx, requireUser(request), request.params.id)),
    }),
  );

  app.post(
    '/:id/visa-requests',
    {
      schema: { params: paperParams, body: visaRequestBodySchema, response: { 201: visaRequestCreatedResponseSchema } },
      config: { ...user, rateLimit: perAccount(20, '1 hour') },
    },
    async (request, reply) => {
      const created = await visaRequests.requestVisaLetter(ctx, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true, message: LETTER_TEXTS.requested, request: created });
    },
  );
};

/** The public check of a letter's verification code, under /api/letters. */
export const letterVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/verify/:code',
    {
      schema: {
        params: z.object({ code: z.string().max(256, LETTER_TEXTS.unknownCode) }),
        response: { 200: letterVerificationResponseSchema },
      },
      // Codes carry 80 random bits, so guessing is hopeless anyway; the limit spares the database.
      config: { access: 'public', rateLimit: perAddress(ctx.config, 60, '15 minutes') },
    },
    async (request) => ({ success: true, ...(await letters.verifyLetter(ctx, request.params.code)) }),
  );
};
