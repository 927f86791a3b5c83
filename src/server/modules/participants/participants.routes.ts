import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importPreviewResponseSchema,
  importResponseSchema,
  participantBodySchema,
  participantResponseSchema,
  participantsImportBodySchema,
  participantsQuerySchema,
  participantsResponseSchema,
  presenterBodySchema,
  volunteerBodySchema,
  volunteerResponseSchema,
  volunteersResponseSchema,
} from '@shared/schemas/participants.ts';
import { messageResponseSchema } from '@shared/schemas/responses.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './participants.service.ts';

const participantParams = z.object({ participantId: z.uuid() });
const userParams = z.object({ userId: z.uuid() });

/** The organisers' list of participants and volunteer accounts, under /api/admin. */
export const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' } as const;
  app.get(
    '/participants',
    { schema: { querystring: participantsQuerySchema, response: { 200: participantsResponseSchema } }, config: admin },
    async (request) => ({ success: true, participants: await service.listParticipants(ctx, request.query) }),
  );
  app.post(
    '/participants',
    { schema: { body: participantBodySchema, response: { 200: participantResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.addParticipant(ctx, requireAdmin(request), request.body)) }),
  );
  app.put(
    '/participants/:participantId',
    {
      schema: { params: participantParams, body: participantBodySchema, response: { 200: participantResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.updateAdded(ctx, request.params.participantId, request.body)),
    }),
  );
  app.put(
    '/participants/:participantId/presenter',
    {
      schema: { params: participantParams, body: presenterBodySchema, response: { 200: participantResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.updatePresenter(ctx, request.params.participantId, request.body)),
    }),
  );
  app.delete(
    '/participants/:participantId',
    { schema: { params: participantParams, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.removeParticipant(ctx, request.params.participantId)) }),
  );
  app.post(
    '/participants/:participantId/replace-badge',
    { schema: { params: participantParams, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.reissueBadgeToken(ctx, request.params.participantId)) }),
  );
  app.post(
    '/participants/import/preview',
    {
      schema: { body: participantsImportBodySchema, response: { 200: importPreviewResponseSchema } },
      config: admin,
      bodyLimit: 1_500_000,
    },
    async (request) => ({ success: true, ...(await service.previewImport(ctx, request.body.file)) }),
  );
  app.post(
    '/participants/import',
    {
      schema: { body: participantsImportBodySchema, response: { 200: importResponseSchema } },
      config: admin,
      bodyLimit: 1_500_000,
    },
    async (request) => ({
      success: true,
      ...(await service.confirmImport(ctx, requireAdmin(request), request.body.file)),
    }),
  );
  app.get('/volunteers', { schema: { response: { 200: volunteersResponseSchema } }, config: admin }, async () => ({
    success: true,
    volunteers: await service.listVolunteers(ctx),
  }));
  app.post(
    '/volunteers',
    { schema: { body: volunteerBodySchema, response: { 200: volunteerResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.grantVolunteer(ctx, request.body.email)) }),
  );
  app.delete(
    '/volunteers/:userId',
    { schema: { params: userParams, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await service.revokeVolunteer(ctx, request.params.userId)) }),
  );
};
