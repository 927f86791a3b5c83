import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoutePath } from '../../shared/client-routes.ts';
import { CONFERENCE_DATES_META, type ConferenceDates } from '../../shared/domain/deadlines.ts';

export const NOT_FOUND_MESSAGE = 'Not found.';

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** The shell with the dates in force in a <meta>: the header prints the conference days on its first paint. */
export function shellWithDates(shell: string, dates: ConferenceDates): string {
  const content = JSON.stringify(dates).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
  return shell.replace('</head>', `<meta name="${CONFERENCE_DATES_META}" content="${content}" />\n</head>`);
}

/**
 * Serves the built client under the base path: hashed assets with long caching, and the
 * single-page shell for every other page path (the client router shows its own not-found page),
 * with 404 for a path that is none of the client's routes (shared/client-routes.ts).
 */
export async function registerClientPages(
  app: FastifyInstance,
  options: {
    basePath: string;
    apiPrefix: string;
    clientDir?: string;
    /** The dates in force (the pages' 5-second copy), written into every page served. */
    datesForPage: () => Promise<ConferenceDates>;
  },
): Promise<void> {
  const { basePath, apiPrefix, clientDir, datesForPage } = options;
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexPath !== undefined && existsSync(indexPath);

  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.redirect(`${basePath}/`));

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      prefix: `${basePath}/`,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const shell = hasClient ? await readFile(indexPath!, 'utf8') : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && url.startsWith(basePath) && !url.startsWith(apiPrefix);
    if (isPage && shell && !path.extname(url)) {
      // An unknown page still gets the shell, whose router shows Not Found, but with the status a
      // crawler or a link checker reads as missing.
      const known =
        url === basePath || (url.startsWith(`${basePath}/`) && isClientRoutePath(url.slice(basePath.length)));
      // Without the database the page still loads, and asks for the dates itself.
      const dates = known ? await datesForPage().catch(() => undefined) : undefined;
      const page = dates ? shellWithDates(shell, dates) : shell;
      return reply
        .status(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(page);
    }
    return reply.status(404).send({ success: false, message: NOT_FOUND_MESSAGE });
  });
}
