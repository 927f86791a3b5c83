import type { Conference } from './conference.ts';
import type { ConferenceDates } from './domain/deadlines.ts';
import type { PublicCommitteeMember, SiteContent } from './schemas/site-content.ts';

/** The id of the <script type="application/json"> carrying the query cache a page was rendered with. */
export const PAGE_QUERIES_ID = 'page-queries';

/** What the server knows of a page before rendering it, fetched through the API's own services. */
export interface PageData {
  /** As `GET /auth/session` answers it. */
  session?: unknown;
  /** As `GET /settings/deadlines` answers its `dates`. */
  dates?: ConferenceDates;
  /** As `GET /programme` answers its `programme` (null before the first publication). */
  programme?: unknown;
  /** As `GET /site-content` answers its `content`: the texts of the pages drawn from the content files. */
  content?: SiteContent;
  /** As `GET /committee/public` answers its `members`, for the Committee page. */
  publicCommittee?: PublicCommitteeMember[];
  /** The code in the address of /verify-letter/{code}, and what `GET /letters/verify/{code}` answers. */
  letterVerification?: { code: string; answer: unknown };
}

export interface RenderedPage {
  /** The page's markup, for the shell's root element. */
  html: string;
  /** The query cache it was rendered with (TanStack Query's dehydrated state), as JSON. */
  pageQueries: string;
  /** The tab title and meta description the page sets, for the shell's <head>. */
  title?: string;
  description?: string;
}

/**
 * The server bundle's export (src/client/entry-server.tsx): `url` is the request's path and
 * query; `conference` the configured one, which the bundle (its own copy of the shared modules)
 * renders with.
 */
export type RenderPage = (input: {
  url: string;
  basename: string;
  data: PageData;
  conference: Conference;
}) => Promise<RenderedPage>;
