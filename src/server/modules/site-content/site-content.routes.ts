import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteContentResponseSchema } from '@shared/schemas/site-content.ts';

/** Whether the client's copy (If-None-Match) is the version in force; `*` or a list as HTTP allows. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The public pages' texts (modules/site-content), under /api: the same for everyone and changed
 * only by a reload, so a browser keeps its copy and asks whether it is still the one in force.
 */
export const siteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { siteContent } = app;
  app.get(
    '/site-content',
    {
      schema: {
        response: {
          200: siteContentResponseSchema,
          304: z.null().describe('The copy named in If-None-Match is current'),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const etag = siteContent.etag;
      reply.header('ETag', etag).header('Cache-Control', 'public, no-cache');
      if (isFresh(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return { success: true, content: siteContent.content };
    },
  );
};
