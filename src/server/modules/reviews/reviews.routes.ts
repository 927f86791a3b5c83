import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import {
  myReviewsResponseSchema,
  paperReviewsResponseSchema,
  reviewerCommentsResponseSchema,
  reviewDraftBodySchema,
  reviewSavedResponseSchema,
  reviewSheetResponseSchema,
  reviewSubmitBodySchema,
} from '@shared/schemas/reviews.ts';
import { messageResponseSchema } from '@shared/schemas/responses.ts';
import { sendMadeFile, sendStoredFile } from '@server/lib/send-file.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import * as reviews from './reviews.service.ts';

const members = { access: 'member' as const };
const paperParams = z.object({ paperId: z.uuid(REVIEW_TEXTS.notFound) });

/** A committee member's own reviews, under /api/committee/reviews. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { response: { 200: myReviewsResponseSchema } }, config: members }, async (request) => ({
    success: true,
    reviews: await reviews.listMyReviews(ctx, requireUser(request)),
  }));

  app.get(
    '/:paperId',
    { schema: { params: paperParams, response: { 200: reviewSheetResponseSchema } }, config: members },
    async (request) => ({
      success: true,
      sheet: await reviews.getReviewSheet(ctx, requireUser(request), request.params.paperId),
    }),
  );

  app.get('/:paperId/abstract', { schema: { params: paperParams }, config: members }, async (request, reply) => {
    const copy = await reviews.getReviewAbstract(ctx, requireUser(request), request.params.paperId);
    return copy.kind === 'stored'
      ? sendStoredFile(reply, ctx.store, copy.file)
      : sendMadeFile(reply, copy.bytes, copy.file);
  });

  app.put(
    '/:paperId/draft',
    {
      schema: { params: paperParams, body: reviewDraftBodySchema, response: { 200: reviewSavedResponseSchema } },
      config: members,
    },
    async (request) => ({
      success: true,
      ...(await reviews.saveReviewDraft(ctx, requireUser(request), request.params.paperId, request.body)),
    }),
  );

  app.post(
    '/:paperId/submit',
    {
      schema: { params: paperParams, body: reviewSubmitBodySchema, response: { 200: reviewSavedResponseSchema } },
      config: members,
    },
    async (request) => ({
      success: true,
      ...(await reviews.submitReview(ctx, requireUser(request), request.params.paperId, request.body)),
    }),
  );
};

/** A paper's reviews for organisers, under /api/admin/papers/{paperId}/reviews. */
export const paperReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:paperId/reviews',
    {
      schema: { params: z.object({ paperId: z.uuid(PAPER_NOT_FOUND) }), response: { 200: paperReviewsResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({ success: true, reviews: await reviews.getPaperReviews(ctx, request.params.paperId) }),
  );

  app.post(
    '/:paperId/reviews/share',
    {
      schema: { params: z.object({ paperId: z.uuid(PAPER_NOT_FOUND) }), response: { 200: messageResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true,
      ...(await reviews.shareReviewsWithAuthor(ctx, requireAdmin(request), request.params.paperId)),
    }),
  );

  app.post(
    '/:paperId/reviews/unshare',
    {
      schema: { params: z.object({ paperId: z.uuid(PAPER_NOT_FOUND) }), response: { 200: messageResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({ success: true, ...(await reviews.stopSharingReviews(ctx, request.params.paperId)) }),
  );
};

/** An author's reviewer comments, once shared, under /api/papers/{id}/reviewer-comments. */
export const reviewerCommentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:id/reviewer-comments',
    {
      schema: {
        params: z.object({ id: z.uuid(PAPER_NOT_FOUND) }),
        response: { 200: reviewerCommentsResponseSchema },
      },
      config: { access: 'user' },
    },
    async (request) => ({
      success: true,
      comments: await reviews.getReviewerComments(ctx, requireUser(request), request.params.id),
    }),
  );
};

/** "Remind reviewers", under /api/admin/committee/reminders. */
export const reviewRemindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/admin/committee/reminders',
    { schema: { response: { 200: messageResponseSchema } }, config: { access: 'admin' } },
    async () => ({ success: true, ...(await reviews.remindReviewers(ctx)) }),
  );
};
