import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInBodySchema,
  checkInCountsResponseSchema,
  checkInResponseSchema,
  deskSearchQuerySchema,
  deskSearchResponseSchema,
  scanBodySchema,
  scanResponseSchema,
} from '@shared/schemas/participants.ts';
import { requireCheckInDesk } from '@server/plugins/auth.ts';
import * as service from './check-in.service.ts';

/** The registration desk, under /api/check-in: organisers and volunteer accounts. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const desk = { access: 'volunteer' } as const;
  app.post(
    '/scan',
    { schema: { body: scanBodySchema, response: { 200: scanResponseSchema } }, config: desk },
    async (request) => ({ success: true, participant: await service.scan(ctx, request.body.code) }),
  );
  app.get(
    '/search',
    { schema: { querystring: deskSearchQuerySchema, response: { 200: deskSearchResponseSchema } }, config: desk },
    async (request) => ({ success: true, participants: await service.search(ctx, request.query.q) }),
  );
  app.post(
    '',
    { schema: { body: checkInBodySchema, response: { 200: checkInResponseSchema } }, config: desk },
    async (request) => ({
      success: true,
      ...(await service.checkIn(ctx, requireCheckInDesk(request), request.body.participantId, request.body.key)),
    }),
  );
};

/** The organisers' counts, under /api/admin. */
export const adminCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/check-ins/counts',
    { schema: { response: { 200: checkInCountsResponseSchema } }, config: { access: 'admin' } },
    async () => ({ success: true, ...(await service.counts(ctx)) }),
  );
};
