import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import {
  draftEditSchema,
  draftFromPapersBodySchema,
  programmeDraftedResponseSchema,
  programmeDraftResponseSchema,
  programmeEditResponseSchema,
  programmePublishedResponseSchema,
  myPresentationResponseSchema,
  publicProgrammeResponseSchema,
  publishBodySchema,
  roomBodySchema,
  sessionBodySchema,
  talkBodySchema,
} from '@shared/schemas/programme.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import * as programme from './programme.service.ts';

const admin = { access: 'admin' as const };
const roomParams = z.object({ roomId: z.uuid(PROGRAMME_TEXTS.roomNotFound) });
const sessionParams = z.object({ sessionId: z.uuid(PROGRAMME_TEXTS.sessionNotFound) });
const paperParams = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });
const edited = { 200: programmeEditResponseSchema };

/** The organisers' programme draft, under /api/admin/programme. */
export const adminProgrammeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { response: { 200: programmeDraftResponseSchema } }, config: admin }, async () => ({
    success: true,
    programme: await programme.getProgrammeDraft(ctx),
  }));

  app.post('/rooms', { schema: { body: roomBodySchema, response: edited }, config: admin }, async (request) => ({
    success: true,
    message: 'Room added.',
    programme: await programme.addRoom(ctx, requireAdmin(request), request.body),
  }));

  app.put(
    '/rooms/:roomId',
    { schema: { params: roomParams, body: roomBodySchema, response: edited }, config: admin },
    async (request) => ({
      success: true,
      message: 'Room saved.',
      programme: await programme.changeRoom(ctx, requireAdmin(request), request.params.roomId, request.body),
    }),
  );

  app.post(
    '/rooms/:roomId/delete',
    { schema: { params: roomParams, body: draftEditSchema, response: edited }, config: admin },
    async (request) => ({
      success: true,
      message: 'Room deleted.',
      programme: await programme.removeRoom(ctx, requireAdmin(request), request.params.roomId, request.body.version),
    }),
  );

  app.post('/sessions', { schema: { body: sessionBodySchema, response: edited }, config: admin }, async (request) => ({
    success: true,
    message: 'Session added.',
    programme: await programme.addSession(ctx, requireAdmin(request), request.body),
  }));

  app.put(
    '/sessions/:sessionId',
    { schema: { params: sessionParams, body: sessionBodySchema, response: edited }, config: admin },
    async (request) => ({
      success: true,
      message: 'Session saved.',
      programme: await programme.changeSession(ctx, requireAdmin(request), request.params.sessionId, request.body),
    }),
  );

  app.post(
    '/sessions/:sessionId/delete',
    { schema: { params: sessionParams, body: draftEditSchema, response: edited }, config: admin },
    async (request) => ({
      success: true,
      message: 'Session deleted.',
      programme: await programme.removeSession(
        ctx,
        requireAdmin(request),
        request.params.sessionId,
        request.body.version,
      ),
    }),
  );

  app.put(
    '/papers/:paperId',
    { schema: { params: paperParams, body: talkBodySchema, response: edited }, config: admin },
    async (request) => ({
      success: true,
      message: 'Paper placed.',
      programme: await programme.placePaper(ctx, requireAdmin(request), request.params.paperId, request.body),
    }),
  );

  app.post(
    '/papers/:paperId/remove',
    { schema: { params: paperParams, body: draftEditSchema, response: edited }, config: admin },
    async (request) => ({
      success: true,
      message: 'Paper taken out of the programme.',
      programme: await programme.unplacePaper(ctx, requireAdmin(request), request.params.paperId, request.body.version),
    }),
  );

  app.post(
    '/draft',
    { schema: { body: draftFromPapersBodySchema, response: { 200: programmeDraftedResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await programme.draftFromAcceptedPapers(ctx, requireAdmin(request), request.body)),
    }),
  );

  app.post(
    '/publish',
    { schema: { body: publishBodySchema, response: { 200: programmePublishedResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await programme.publishProgramme(ctx, requireAdmin(request), request.body)),
    }),
  );
};

/** The published programme, for everyone, under /api/programme. */
export const publicProgrammeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    { schema: { response: { 200: publicProgrammeResponseSchema } }, config: { access: 'public' } },
    async () => ({ success: true, programme: await programme.getPublishedProgramme(ctx) }),
  );
  app.get(
    '/mine',
    { schema: { response: { 200: myPresentationResponseSchema } }, config: { access: 'user' } },
    async (request) => ({ success: true, presentation: await programme.getMyPresentation(ctx, requireUser(request)) }),
  );
};
