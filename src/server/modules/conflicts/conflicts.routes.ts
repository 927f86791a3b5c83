import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFLICT_TEXTS } from '@shared/domain/conflicts.ts';
import {
  conflictChangedResponseSchema,
  declareConflictBodySchema,
  liftConflictBodySchema,
  paperConflictsResponseSchema,
} from '@shared/schemas/conflicts.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '@shared/domain/paper-workflow.ts';
import * as conflicts from './conflicts.service.ts';

const admin = { access: 'admin' as const };
const paperParams = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });
const memberParams = paperParams.extend({ memberId: z.uuid(CONFLICT_TEXTS.memberNotFound) });
const changed = { 200: conflictChangedResponseSchema };

/** A paper's conflicts of interest with the committee, under /api/admin/papers/{paperId}/conflicts. */
export const conflictsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:paperId/conflicts',
    { schema: { params: paperParams, response: { 200: paperConflictsResponseSchema } }, config: admin },
    async (request) => ({ success: true, conflicts: await conflicts.getPaperConflicts(ctx, request.params.paperId) }),
  );

  app.post(
    '/:paperId/conflicts',
    { schema: { params: paperParams, body: declareConflictBodySchema, response: changed }, config: admin },
    async (request) => ({
      success: true,
      ...(await conflicts.declareConflict(ctx, requireAdmin(request), request.params.paperId, request.body)),
    }),
  );

  app.post(
    '/:paperId/conflicts/:memberId/withdraw',
    { schema: { params: memberParams, response: changed }, config: admin },
    async (request) => {
      const { paperId, memberId } = request.params;
      const result = await conflicts.undoConflictRecord(
        ctx,
        requireAdmin(request),
        paperId,
        memberId,
        'declared_by_organiser',
      );
      return { success: true, ...result };
    },
  );

  app.post(
    '/:paperId/conflicts/:memberId/lift',
    { schema: { params: memberParams, body: liftConflictBodySchema, response: changed }, config: admin },
    async (request) => {
      const { paperId, memberId } = request.params;
      const result = await conflicts.liftConflict(ctx, requireAdmin(request), paperId, memberId, request.body);
      return { success: true, ...result };
    },
  );

  app.post(
    '/:paperId/conflicts/:memberId/restore',
    { schema: { params: memberParams, response: changed }, config: admin },
    async (request) => {
      const { paperId, memberId } = request.params;
      const result = await conflicts.undoConflictRecord(ctx, requireAdmin(request), paperId, memberId, 'lifted');
      return { success: true, ...result };
    },
  );
};
