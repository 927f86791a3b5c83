import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import {
  discussionBodySchema,
  memberDiscussionResponseSchema,
  memberMessagePostedResponseSchema,
  organiserMessagePostedResponseSchema,
  paperDiscussionResponseSchema,
} from '@shared/schemas/discussion.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import * as discussion from './discussion.service.ts';

/** A paper's discussion as its reviewers take part, under /api/committee/reviews/{paperId}/discussion. */
export const memberDiscussionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const params = z.object({ paperId: z.uuid(REVIEW_TEXTS.notFound) });
  const config = { access: 'member' as const };

  app.get(
    '/:paperId/discussion',
    { schema: { params, response: { 200: memberDiscussionResponseSchema } }, config },
    async (request) => ({
      success: true,
      discussion: await discussion.getMemberDiscussion(ctx, requireUser(request), request.params.paperId),
    }),
  );

  app.post(
    '/:paperId/discussion',
    { schema: { params, body: discussionBodySchema, response: { 200: memberMessagePostedResponseSchema } }, config },
    async (request) => ({
      success: true,
      ...(await discussion.postMemberMessage(ctx, requireUser(request), request.params.paperId, request.body)),
    }),
  );
};

/** The same discussion for organisers, under /api/admin/papers/{paperId}/discussion. */
export const paperDiscussionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const params = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });
  const config = { access: 'admin' as const };

  app.get(
    '/:paperId/discussion',
    { schema: { params, response: { 200: paperDiscussionResponseSchema } }, config },
    async (request) => ({
      success: true,
      discussion: await discussion.getPaperDiscussion(ctx, requireAdmin(request), request.params.paperId),
    }),
  );

  app.post(
    '/:paperId/discussion',
    { schema: { params, body: discussionBodySchema, response: { 200: organiserMessagePostedResponseSchema } }, config },
    async (request) => ({
      success: true,
      ...(await discussion.postOrganiserMessage(ctx, requireAdmin(request), request.params.paperId, request.body)),
    }),
  );
};
