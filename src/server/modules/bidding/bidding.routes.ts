import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BIDDING_TEXTS } from '@shared/domain/bidding.ts';
import { biddingResponseSchema, bidPlacedResponseSchema, placeBidBodySchema } from '@shared/schemas/bidding.ts';
import { requireUser } from '@server/plugins/auth.ts';
import { getBidding, placeBid } from './bidding.service.ts';

const paperParams = z.object({ paperId: z.uuid(BIDDING_TEXTS.paperNotFound) });

/** A committee member's bids, under /api/committee/bids. */
export const biddingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const members = { access: 'member' as const };

  app.get('/', { schema: { response: { 200: biddingResponseSchema } }, config: members }, async (request) => ({
    success: true,
    bidding: await getBidding(ctx, requireUser(request)),
  }));

  app.put(
    '/:paperId',
    {
      schema: { params: paperParams, body: placeBidBodySchema, response: { 200: bidPlacedResponseSchema } },
      config: members,
    },
    async (request) => ({
      success: true,
      ...(await placeBid(ctx, requireUser(request), request.params.paperId, request.body)),
    }),
  );
};
