import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFERENCE } from '@shared/conference.ts';
import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import { AppError } from '@server/lib/app-error.ts';
import { eventCalendar, type Feed, type FeedFormat, isFresh, programmeFeed } from './programme-feeds.service.ts';

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
  const send = (feed: Feed, request: FastifyRequest, reply: FastifyReply, filename?: string) => {
    reply
      .header('ETag', feed.etag)
      .header('Last-Modified', feed.lastModified.toUTCString())
      // Anyone may keep a copy, and must ask whether it is still the latest before using it.
      .header('Cache-Control', 'public, no-cache');
    if (filename) reply.header('Content-Disposition', `attachment; filename="${filename}"`);
    if (isFresh(feed, request.headers)) return reply.status(304).send();
    return reply.type(feed.contentType).send(feed.body);
  };
  app.get(
    '/schedule.:format',
    { schema: { params: feedParams }, config: { access: 'public' } },
    async (request, reply) => {
      const feed = await programmeFeed(ctx, request.params.format as FeedFormat);
      if (!feed) throw new AppError('not_found', PROGRAMME_TEXTS.notPublished);
      return send(feed, request, reply);
    },
  );
  // "Add to calendar" on a talk of the public schedule: that one event, named for a download.
  app.get(
    '/events/:eventId/calendar.ics',
    { schema: { params: z.object({ eventId: z.uuid(PROGRAMME_TEXTS.eventNotFound) }) }, config: { access: 'public' } },
    async (request, reply) => {
      const feed = await eventCalendar(ctx, request.params.eventId);
      if (!feed) throw new AppError('not_found', PROGRAMME_TEXTS.eventNotFound);
      return send(
        feed,
        request,
        reply,
        `${CONFERENCE.acronym.toLowerCase()}-${request.params.eventId.slice(0, 8)}.ics`,
      );
    },
  );
};
