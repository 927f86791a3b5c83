import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_PAGES, clientRouteOf, NOT_FOUND_PAGE } from '@shared/client-routes.ts';
import { CONFERENCE_DATES_META, type ConferenceDates } from '@shared/domain/deadlines.ts';
import { SITE_SESSION_META } from '@shared/page-session.ts';
import { readPagePreloads } from './page-preloads.ts';

export const NOT_FOUND_MESSAGE = 'Not found.';

/**
 * The built client's files, as paths under the base path ("assets/index-Ab1.js"): every file but
 * the build's .br and .gz copies, which are sent in place of the file they copy.
 */
async function filesToServe(clientDir: string): Promise<Set<string>> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    files.add(path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return files;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/**
 * The shell as sent for one page: the page's own code preloaded, and what its first paint needs
 * (the dates in force, who is signed in) in <meta> tags, each value as JSON.
 */
export function shellForPage(shell: string, extras: { preloads?: string; meta?: Record<string, unknown> }): string {
  const tags = [extras.preloads];
  for (const [name, value] of Object.entries(extras.meta ?? {})) {
    if (value === undefined) continue;
    const content = JSON.stringify(value).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
    tags.push(`<meta name="${name}" content="${content}" />`);
  }
  const head = tags.filter(Boolean).join('\n');
  return head ? shell.replace('</head>', `${head}\n</head>`) : shell;
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
    /** The session as `GET /auth/session` answers it for this request, written into the page. */
    sessionForPage: (request: FastifyRequest) => Promise<unknown>;
  },
): Promise<void> {
  const { basePath, apiPrefix, clientDir, datesForPage, sessionForPage } = options;
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexPath !== undefined && existsSync(indexPath);

  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.redirect(`${basePath}/`));

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      // No routes of its own: the page route below sends the built files (`reply.sendFile`). A GET
      // and a HEAD route per file were 320 routes for the router to build at every start.
      serve: false,
      index: false,
      // The build's .br and .gz copies of the scripts and styles (scripts/build.mjs), sent in place
      // of the file they copy.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const shell = hasClient ? await readFile(indexPath!, 'utf8') : undefined;
  const preloads = hasClient ? readPagePreloads(clientDir!, basePath) : new Map();
  const builtFiles = hasClient ? await filesToServe(clientDir!) : new Set<string>();

  if (shell) {
    // Page paths are routes (not the not-found handler) so that the compression plugin compresses them.
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith(apiPrefix)) return reply.callNotFound();
      if (path.extname(url)) {
        // Only what the build wrote is sent, by its exact name: no path is resolved from the request.
        const file = url.slice(basePath.length + 1);
        return builtFiles.has(file) ? reply.sendFile(file) : reply.callNotFound();
      }
      // An unknown page still gets the shell, whose router shows Not Found, but with the status a
      // crawler or a link checker reads as missing.
      const route = clientRouteOf(url.slice(basePath.length));
      // Without the database the page still loads, and asks for the dates itself.
      const dates = route !== undefined ? await datesForPage().catch(() => undefined) : undefined;
      const page = shellForPage(shell, {
        preloads: preloads.get(route !== undefined ? CLIENT_PAGES[route] : NOT_FOUND_PAGE),
        meta: {
          [CONFERENCE_DATES_META]: dates,
          [SITE_SESSION_META]: route !== undefined ? await sessionForPage(request).catch(() => undefined) : undefined,
        },
      });
      // The page names who is signed in: never kept by a shared cache, nor reused for another cookie.
      return reply
        .status(route !== undefined ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Cookie')
        .send(page);
    };
    app.get(basePath, { config: { access: 'public' } }, sendPage);
    app.get(`${basePath}/*`, { config: { access: 'public' } }, sendPage);
  }

  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ success: false, message: NOT_FOUND_MESSAGE }),
  );
}
