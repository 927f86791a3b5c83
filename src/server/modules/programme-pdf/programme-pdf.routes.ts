import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import { AppError } from '@server/lib/app-error.ts';
import { sendFeed } from '../programme-feeds/send-feed.ts';
import { programmePdf } from './programme-pdf.service.ts';

/** "Programme (PDF)" under /api/programme/programme.pdf: the latest published version, printable. */
export const programmePdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/programme.pdf', { config: { access: 'public' } }, async (request, reply) => {
    const feed = await programmePdf(ctx);
    if (!feed) throw new AppError('not_found', PROGRAMME_TEXTS.notPublished);
    return sendFeed(feed, request, reply);
  });
};
