import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentConference } from '@shared/conference.ts';
import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import { AppError } from '@server/lib/app-error.ts';
import { eventCalendar, type FeedFormat, programmeFeed } from './programme-feeds.service.ts';
import { sendFeed } from './send-feed.ts';

const feedParams = z.object({
  format: z.enum(['ics', 'json', 'xml'], 'The schedule is published as schedule.ics, schedule.json or schedule.xml.'),
});

/**
 * The published programme as iCalendar, the c3voc schedule JSON and the frab XML, under
 * /api/programme/schedule.{ics,json,xml}: for calendars and conference apps, revalidated by
 * ETag and Last-Modified (304 while the published version is the same).
 */
export const programmeFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/schedule.:format',
    { schema: { params: feedParams }, config: { access: 'public' } },
    async (request, reply) => {
      const feed = await programmeFeed(ctx, request.params.format as FeedFormat);
      if (!feed) throw new AppError('not_found', PROGRAMME_TEXTS.notPublished);
      return sendFeed(feed, request, reply);
    },
  );
  // "Add to calendar" on a talk of the public schedule: that one event, named for a download.
  app.get(
    '/events/:eventId/calendar.ics',
    { schema: { params: z.object({ eventId: z.uuid(PROGRAMME_TEXTS.eventNotFound) }) }, config: { access: 'public' } },
    async (request, reply) => {
      const feed = await eventCalendar(ctx, request.params.eventId);
      if (!feed) throw new AppError('not_found', PROGRAMME_TEXTS.eventNotFound);
      return sendFeed(
        feed,
        request,
        reply,
        `${currentConference().acronym.toLowerCase()}-${request.params.eventId.slice(0, 8)}.ics`,
      );
    },
  );
};
