import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONFERENCE_DATES_ELEMENT_ID } from '../../shared/constants.ts';
import type { PublicDeadlines } from '../../shared/schemas/deadlines.ts';

export const NOT_FOUND_MESSAGE = 'Not found.';

/**
 * Serves the built client under the base path: hashed assets with long caching, and the
 * single-page shell for every other page route (the client router shows its own not-found page).
 * The shell carries the conference's dates, so pages that print them need not wait for the API
 * and then push their content down (a layout shift).
 */
export async function registerClientPages(
  app: FastifyInstance,
  options: {
    basePath: string;
    apiPrefix: string;
    clientDir?: string;
    conferenceDates: () => Promise<Omit<PublicDeadlines, 'success'>>;
  },
): Promise<void> {
  const { basePath, apiPrefix, clientDir, conferenceDates } = options;
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

  /** The shell with the dates; without them (the database failing) the page asks the API itself. */
  async function shellWithDates(shell: string, log: FastifyInstance['log']): Promise<string> {
    try {
      // `<` escaped: nothing in the JSON can close the script element.
      const json = JSON.stringify(await conferenceDates()).replaceAll('<', '\\u003c');
      return shell.replace(
        '</head>',
        `<script type="application/json" id="${CONFERENCE_DATES_ELEMENT_ID}">${json}</script></head>`,
      );
    } catch (error) {
      log.warn({ err: error }, 'The page was sent without the conference dates');
      return shell;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && url.startsWith(basePath) && !url.startsWith(apiPrefix);
    if (isPage && shell && !path.extname(url)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(await shellWithDates(shell, request.log));
    }
    return reply.status(404).send({ success: false, message: NOT_FOUND_MESSAGE });
  });
}
