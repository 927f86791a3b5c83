/**
 * Every page route of the client, relative to the base path ('' is the home page; ':name' is one
 * path segment), and the module under src/client/app/pages that draws it. The client's router is
 * built from this table; the server answers 404 (with the page shell, which shows Not Found) for
 * any other page path, so the two cannot disagree, and preloads the page's code with the shell.
 */
export const CLIENT_PAGES = {
  '': 'public/home-page',
  home: 'public/home-page',
  about: 'public/about-page',
  'about-us': 'public/about-us-page',
  schedule: 'public/schedule-page',
  'important-dates': 'public/important-dates-page',
  speakers: 'public/speakers-page',
  committee: 'public/committee-page',
  sponsorship: 'public/sponsorship-page',
  brochure: 'public/brochure-page',
  'extended-abstract-format': 'public/extended-abstract-format-page',
  'full-length-paper-format': 'public/full-length-paper-format-page',
  'verify-letter': 'public/verify-letter-page',
  'verify-letter/:code': 'public/verify-letter-page',
  login: 'author/login-page',
  'forgot-password': 'author/forgot-password-page',
  'reset-password/:resettoken': 'author/reset-password-page',
  'committee-invitation/:token': 'author/committee-invitation-page',
  bidding: 'author/bidding-page',
  reviews: 'author/reviews-page',
  'reviews/:paperId': 'author/review-page',
  registration: 'author/registration-page',
  profile: 'author/profile-page',
  account: 'author/account-page',
  'account/two-factor': 'author/two-factor-page',
  notifications: 'author/notifications-page',
  submit: 'author/submit-page',
  'submit-paper': 'author/submit-paper-page',
  'submit-full-paper/:paperId': 'author/submit-full-paper-page',
  admin: 'admin/admin-page',
  'admin/sign-in-log': 'admin/sign-in-log-page',
  'admin/messages': 'admin/messages-page',
  'admin/messages/:messageId': 'admin/message-page',
  'admin/visa-requests': 'admin/visa-requests-page',
  'admin/deadlines': 'admin/deadlines-page',
  'admin/fees': 'admin/fees-page',
  'admin/participants': 'admin/participants-page',
  'admin/check-in': 'admin/check-in-page',
  'admin/mail-templates': 'admin/mail-templates-page',
  'admin/user/:userId': 'admin/admin-user-page',
  'admin/paper/:paperId': 'admin/admin-paper-page',
} as const;

/** The page shown for any other path. */
export const NOT_FOUND_PAGE = 'not-found-page';

/**
 * The pages the server renders to HTML (readable without JavaScript; the client hydrates them):
 * the public ones. Of the signed-in pages, the server draws the frame of a few for the user they
 * fit (shared/signed-in-frames.ts); the others are drawn by the client from the shell.
 */
export const SERVER_RENDERED_PAGES: ReadonlySet<ClientPage> = new Set<ClientPage>([
  'public/home-page',
  'public/about-page',
  'public/about-us-page',
  'public/schedule-page',
  'public/important-dates-page',
  'public/speakers-page',
  'public/committee-page',
  'public/sponsorship-page',
  'public/brochure-page',
  'public/extended-abstract-format-page',
  'public/full-length-paper-format-page',
  'public/verify-letter-page',
  'author/registration-page',
  // The sign-in pages: their form, a part loaded after the first paint, is already drawn.
  'author/login-page',
  'author/forgot-password-page',
  'author/reset-password-page',
  NOT_FOUND_PAGE,
]);

/** The pages drawn from the content files (GET /site-content): the server sends the texts with them. */
export const CONTENT_PAGES: ReadonlySet<ClientPage> = new Set<ClientPage>([
  'public/home-page',
  'public/about-page',
  'public/about-us-page',
  'public/important-dates-page',
  'public/speakers-page',
  'public/committee-page',
  'public/sponsorship-page',
  'public/brochure-page',
  'public/extended-abstract-format-page',
  'public/full-length-paper-format-page',
]);

export type ClientPage = (typeof CLIENT_PAGES)[ClientRoutePath] | typeof NOT_FOUND_PAGE;

export type ClientRoutePath = keyof typeof CLIENT_PAGES;

export const CLIENT_ROUTE_PATHS = Object.keys(CLIENT_PAGES) as ClientRoutePath[];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
/** Routes without parameters first, as the client's router ranks a static segment above a parameter. */
const ROUTES = CLIENT_ROUTE_PATHS.map((path) => ({ path, segments: segmentsOf(path) })).sort(
  (a, b) =>
    a.segments.filter((part) => part.startsWith(':')).length - b.segments.filter((part) => part.startsWith(':')).length,
);

/**
 * The route of a path under the base path (e.g. "/admin/paper/42", "/" or ""), or undefined when
 * it is none of the client's pages. Matched as the client's router matches: letter case and a
 * trailing slash do not count.
 */
export function clientRouteOf(path: string): ClientRoutePath | undefined {
  const segments = segmentsOf(path.toLowerCase());
  return ROUTES.find(
    (route) =>
      route.segments.length === segments.length &&
      route.segments.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]),
  )?.path;
}
