import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { getPaperTimeline } from './timeline.service.ts';
import { paperTimelineResponseSchema } from '@shared/schemas/timeline.ts';

const paperParams = z.object({ paperId: z.uuid(PAPER_NOT_FOUND) });

export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:paperId/timeline',
    { schema: { response: { 200: paperTimelineResponseSchema }, params: paperParams }, config: { access: 'admin' } },
    async (request) => ({
      success: true,
      timeline: await getPaperTimeline(app.ctx, request.params.paperId),
    }),
  );
};
