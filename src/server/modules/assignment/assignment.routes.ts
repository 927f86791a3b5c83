import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSIGNMENT_LIMITS, ASSIGNMENT_TEXTS } from '@shared/domain/assignment.ts';
import {
  applyPlanBodySchema,
  assignableMembersResponseSchema,
  assignmentPlanResponseSchema,
  assignReviewersBodySchema,
  automaticAssignmentBodySchema,
  paperReviewersResponseSchema,
  reviewersChangedResponseSchema,
} from '@shared/schemas/assignment.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as assignment from './assignment.service.ts';

const admin = { access: 'admin' as const };
const paperParams = z.object({ paperId: z.uuid(ASSIGNMENT_TEXTS.paperNotFound) });
const memberParams = paperParams.extend({ memberId: z.uuid(ASSIGNMENT_TEXTS.memberNotFound) });
const changed = { 200: reviewersChangedResponseSchema };
/**
 * A plan comes back whole (up to ASSIGNMENT_LIMITS.planPairs pairs of ids, about 90 bytes each),
 * past the site's small JSON limit; only an admin's request is read this far (access is checked
 * before the body).
 */
const PLAN_BODY_LIMIT = ASSIGNMENT_LIMITS.planPairs * 100;

/** A paper's reviewers, under /api/admin/papers/{paperId}/reviewers. */
export const paperReviewersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:paperId/reviewers',
    { schema: { params: paperParams, response: { 200: paperReviewersResponseSchema } }, config: admin },
    async (request) => ({ success: true, reviewers: await assignment.getPaperReviewers(ctx, request.params.paperId) }),
  );

  app.post(
    '/:paperId/reviewers/:memberId/unassign',
    { schema: { params: memberParams, response: changed }, config: admin },
    async (request) => ({
      success: true,
      ...(await assignment.unassignReviewer(
        ctx,
        requireAdmin(request),
        request.params.paperId,
        request.params.memberId,
      )),
    }),
  );
};

/** Assigning reviewers by hand to a selection, and automatically, under /api/admin/assignments. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/members', { schema: { response: { 200: assignableMembersResponseSchema } }, config: admin }, async () => ({
    success: true,
    members: await assignment.listAssignableMembers(ctx),
  }));

  app.post('/', { schema: { body: assignReviewersBodySchema, response: changed }, config: admin }, async (request) => ({
    success: true,
    ...(await assignment.assignReviewers(ctx, requireAdmin(request), request.body)),
  }));

  app.post(
    '/plan',
    { schema: { body: automaticAssignmentBodySchema, response: { 200: assignmentPlanResponseSchema } }, config: admin },
    async (request) => ({ success: true, plan: await assignment.planAutomaticAssignment(ctx, request.body) }),
  );

  app.post(
    '/apply',
    { schema: { body: applyPlanBodySchema, response: changed }, config: admin, bodyLimit: PLAN_BODY_LIMIT },
    async (request) => ({
      success: true,
      ...(await assignment.applyAssignmentPlan(ctx, requireAdmin(request), request.body)),
    }),
  );
};
