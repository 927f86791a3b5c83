import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CLIENT_PAGES,
  clientRouteOf,
  CONTENT_PAGES,
  NOT_FOUND_PAGE,
  SERVER_RENDERED_PAGES,
} from '@shared/client-routes.ts';
import { type Conference, conferenceScript } from '@shared/conference.ts';
import { CONFERENCE_DATES_META, type ConferenceDates, formatDateRange } from '@shared/domain/deadlines.ts';
import { PAGE_QUERIES_ID, type PageData, type RenderedPage, type RenderPage } from '@shared/page-rendering.ts';
import { SITE_SESSION_META } from '@shared/page-session.ts';
import type { PublicCommitteeMember, SiteContent } from '@shared/schemas/site-content.ts';
import { drawsSignedInFrame } from '@shared/signed-in-frames.ts';
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
  // A function, so that no `$'` or `$&` in a value (a user's name) is read as a replacement pattern.
  return head ? shell.replace('</head>', () => `${head}\n</head>`) : shell;
}

/**
 * The built shell made the configured conference's: its own addresses (the entry script, its
 * preloads, the style sheet, the icon), relative in the build (vite.config.ts), absolute under the
 * base path, since the shell is sent at every page's path, however deep, and one build serves any
 * base path; its title and description the conference's until a page sets its own; and the
 * configuration in the head, the base path included, for the client to read before it renders.
 */
export function shellOfConference(builtShell: string, conference: Conference, basePath: string): string {
  const escape = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
  // Every key is there: the configuration's schema requires each (schemas/conference.ts).
  const { conferenceStarts, conferenceEnds } = conference.dates as ConferenceDates;
  return builtShell
    .replace(/(\s(?:src|href)=")\.\//g, (_match, attribute: string) => `${attribute}${basePath}/`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(conference.shortName)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_match, before: string, after: string) =>
        `${before}${escape(`${conference.shortName}: ${conference.fullName}, ${formatDateRange(conferenceStarts, conferenceEnds)}.`)}${after}`,
    )
    .replace('</head>', () => `${conferenceScript({ ...conference, basePath })}\n</head>`);
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The verification route's own limit on a code's length. */
const LETTER_CODE_IN_ADDRESS_MAX = 256;

/**
 * The shell with a server-rendered page in its root element, the page's title and description in
 * its head, and the query cache it was rendered with beside the root, as data (a JSON script is never run, so the CSP needs no exception for it).
 * `<` is escaped in the JSON so that no text in it can close the script element.
 */
export function shellWithPage(shell: string, page: RenderedPage): string {
  const queries = page.pageQueries.replace(/</g, '\\u003c');
  const escape = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
  let withHead = shell;
  if (page.title) withHead = withHead.replace(/<title>[^<]*<\/title>/, () => `<title>${escape(page.title!)}</title>`);
  if (page.description)
    withHead = withHead.replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_match, before: string, after: string) => `${before}${escape(page.description!)}${after}`,
    );
  return withHead.replace(
    ROOT_ELEMENT,
    () =>
      `<div id="root">${page.html}</div>\n<script type="application/json" id="${PAGE_QUERIES_ID}">${queries}</script>`,
  );
}

/**
 * The code in /verify-letter/{code} as the client's router reads it (the segment decoded), and
 * the answer for it; none for a code the router would read otherwise (an encoded slash, bad
 * escapes), whose page then asks for itself, on both sides alike.
 */
async function letterVerificationOf(
  url: string,
  verify: (code: string, request: FastifyRequest) => Promise<unknown>,
  request: FastifyRequest,
): Promise<PageData['letterVerification']> {
  // The last segment, a trailing slash aside, as the router matches the route.
  const segment = url.split('/').filter(Boolean).pop() ?? '';
  let code: string;
  try {
    code = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  if (code.includes('/') || code.length > LETTER_CODE_IN_ADDRESS_MAX) return undefined;
  const answer = await verify(code, request).catch(() => undefined);
  return answer === undefined ? undefined : { code, answer };
}

/** What the last pages rendered may hold, markup and data together (in UTF-16 code units). */
const RENDERED_PAGES_KEPT_BYTES = 8_000_000;

/**
 * The pages rendered last, by address and data: a page drawn from the same data is the same
 * page, so every visitor of /about (not signed in, the same dates) gets one rendering until the
 * dates change. Bounded by size, the oldest used dropped first; a signed-in visitor's pages are
 * kept too, under their own session's key.
 */
export class RenderedPages {
  private readonly pages = new Map<string, RenderedPage>();
  private size = 0;

  constructor(private readonly maxSize: number) {}

  async render(render: RenderPage, input: Parameters<RenderPage>[0]): Promise<RenderedPage> {
    // The texts by their version: the same key for every page drawn from the same content.
    const key = `${input.url}\n${JSON.stringify({ ...input.data, content: input.data.content?.version })}`;
    const kept = this.pages.get(key);
    if (kept) {
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    const page = await render(input);
    const size = key.length + page.html.length + page.pageQueries.length;
    if (size > this.maxSize) return page;
    this.pages.set(key, page);
    this.size += size;
    for (const [oldKey, old] of this.pages) {
      if (this.size <= this.maxSize) break;
      this.pages.delete(oldKey);
      this.size -= oldKey.length + old.html.length + old.pageQueries.length;
    }
    return page;
  }
}

/**
 * The loader of the module rendering the public pages: the one configured, or the server bundle
 * built beside the client (scripts/build.mjs); undefined when there is none. Imported at the
 * first page that needs it, not at start: React's server renderer is no part of the start.
 */
export function pageRendererOf(config: {
  clientDir?: string;
  pageRendererModule?: string;
}): (() => Promise<RenderPage>) | undefined {
  const file =
    config.pageRendererModule ??
    (config.clientDir ? path.join(config.clientDir, '..', 'ssr', 'entry-server.js') : undefined);
  if (!file || !existsSync(file)) return undefined;
  return async () => ((await import(pathToFileURL(file).href)) as { renderPage: RenderPage }).renderPage;
}

/**
 * Serves the built client under the base path: hashed assets with long caching, and the
 * single-page shell for every other page path (the client router shows its own not-found page),
 * with 404 for a path that is none of the client's routes (shared/client-routes.ts).
 */
export async function registerClientPages(
  app: FastifyInstance,
  options: {
    /** Written into every page as data, for the client to read before it renders. */
    conference: Conference;
    basePath: string;
    apiPrefix: string;
    clientDir?: string;
    /** The dates in force (the pages' 5-second copy), written into every page served. */
    datesForPage: () => Promise<ConferenceDates>;
    /** The session as `GET /auth/session` answers it for this request, written into the page. */
    sessionForPage: (request: FastifyRequest) => Promise<unknown>;
    /** The content files' texts as `GET /site-content` answers them, for the pages drawn from them. */
    contentForPage?: () => SiteContent;
    /** The programme committee members named on the Committee page, as `GET /committee/public` answers them. */
    publicCommitteeForPage?: () => Promise<PublicCommitteeMember[]>;
    /** The published programme as `GET /programme` answers it, for the Event Schedule's HTML. */
    programmeForPage?: () => Promise<unknown>;
    /**
     * What `GET /letters/verify/{code}` answers, for /verify-letter/{code}'s HTML; undefined
     * (the page then asks the API itself) when the visitor is past the page's own limit.
     */
    letterVerificationForPage?: (code: string, request: FastifyRequest) => Promise<unknown>;
    /**
     * The server bundle's renderer (src/client/entry-server.tsx), loaded at the first page that
     * needs it; without one every page is the shell, drawn by the client.
     */
    loadPageRenderer?: () => Promise<RenderPage>;
  },
): Promise<void> {
  const { basePath, apiPrefix, clientDir, datesForPage, sessionForPage, programmeForPage, loadPageRenderer } = options;
  const { letterVerificationForPage, contentForPage, publicCommitteeForPage } = options;
  let renderer: Promise<RenderPage | undefined> | undefined;
  const renderedPages = new RenderedPages(RENDERED_PAGES_KEPT_BYTES);
  const pageRenderer = () => {
    renderer ??= loadPageRenderer
      ? loadPageRenderer().catch((error: unknown) => {
          app.log.error(
            { err: error },
            'The server rendering bundle could not be loaded: pages are sent as the shell.',
          );
          return undefined;
        })
      : Promise.resolve(undefined);
    return renderer;
  };
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
  const shell = hasClient
    ? shellOfConference(await readFile(indexPath!, 'utf8'), options.conference, basePath)
    : undefined;
  const preloads = hasClient ? readPagePreloads(clientDir!, basePath) : new Map();
  const builtFiles = hasClient ? await filesToServe(clientDir!) : new Set<string>();

  if (shell) {
    // Page paths are routes (not the not-found handler) so that the compression plugin compresses them.
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith(apiPrefix)) return reply.callNotFound();
      if (path.extname(url)) {
        // Only what the build wrote is sent, by its exact name: no path is resolved from the request.
        // The name as written on disk ("ICTACEM 2025 Brochure.pdf"), from its address's escapes.
        let file: string;
        try {
          file = decodeURIComponent(url.slice(basePath.length + 1));
        } catch {
          return reply.callNotFound();
        }
        return builtFiles.has(file) ? reply.sendFile(file) : reply.callNotFound();
      }
      // An unknown page still gets the shell, whose router shows Not Found, but with the status a
      // crawler or a link checker reads as missing.
      const route = clientRouteOf(url.slice(basePath.length));
      const pageName = route !== undefined ? CLIENT_PAGES[route] : NOT_FOUND_PAGE;
      // The verification form as a browser without JavaScript sends it (GET ?code=): on to the
      // code's own address, where the page's script would have gone.
      if (route === 'verify-letter') {
        const typed = new URLSearchParams(request.url.split('?')[1] ?? '').get('code')?.trim();
        if (typed && typed.length <= LETTER_CODE_IN_ADDRESS_MAX)
          return reply.redirect(`${basePath}/verify-letter/${encodeURIComponent(typed)}`, 303);
      }
      // Without the database the page still loads, and asks for the dates itself. An unknown path
      // costs no query: its page asks for what its header shows.
      const data: PageData = {
        dates: route !== undefined ? await datesForPage().catch(() => undefined) : undefined,
        session: route !== undefined ? await sessionForPage(request).catch(() => undefined) : undefined,
        content: CONTENT_PAGES.has(pageName) ? contentForPage?.() : undefined,
        publicCommittee:
          pageName === 'public/committee-page' && publicCommitteeForPage
            ? await publicCommitteeForPage().catch(() => undefined)
            : undefined,
        programme:
          pageName === 'public/schedule-page' && programmeForPage
            ? await programmeForPage().catch(() => undefined)
            : undefined,
        letterVerification:
          route === 'verify-letter/:code' && letterVerificationForPage
            ? await letterVerificationOf(url, letterVerificationForPage, request)
            : undefined,
      };
      let page = shellForPage(shell, {
        preloads: preloads.get(pageName),
        meta: { [CONFERENCE_DATES_META]: data.dates, [SITE_SESSION_META]: data.session },
      });
      // A signed-in page's frame names its user: drawn for this request alone, never kept for another.
      const signedInFrame = !SERVER_RENDERED_PAGES.has(pageName) && drawsSignedInFrame(pageName, data.session);
      const render = SERVER_RENDERED_PAGES.has(pageName) || signedInFrame ? await pageRenderer() : undefined;
      if (render) {
        try {
          const input = { url: request.url, basename: basePath, data, conference: options.conference };
          page = shellWithPage(page, signedInFrame ? await render(input) : await renderedPages.render(render, input));
        } catch (error) {
          // The shell still works: the client draws the page.
          request.log.error({ err: error }, 'Server rendering failed: the page is sent as the shell.');
        }
      }
      // The page names who is signed in: never kept by a shared cache, nor reused for another cookie;
      // a signed-in frame (the user's e-mail in it) is not stored at all.
      return reply
        .status(route !== undefined ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', signedInFrame ? 'private, no-store' : 'private, no-cache')
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
