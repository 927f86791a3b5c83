/**
 * Every page route of the client, relative to the base path ('' is the home page; ':name' is one
 * path segment). The client's router is built from this list and the server answers 404 (with the
 * page shell, which shows Not Found) for any other page path, so the two cannot disagree.
 */
export const CLIENT_ROUTE_PATHS = [
  '',
  'home',
  'about',
  'about-us',
  'schedule',
  'important-dates',
  'speakers',
  'committee',
  'sponsorship',
  'brochure',
  'extended-abstract-format',
  'full-length-paper-format',
  'verify-letter',
  'verify-letter/:code',
  'login',
  'forgot-password',
  'reset-password/:resettoken',
  'registration',
  'profile',
  'account',
  'account/two-factor',
  'notifications',
  'submit',
  'submit-paper',
  'submit-full-paper/:paperId',
  'admin',
  'admin/sign-in-log',
  'admin/messages',
  'admin/messages/:messageId',
  'admin/visa-requests',
  'admin/deadlines',
  'admin/user/:userId',
  'admin/paper/:paperId',
] as const;

export type ClientRoutePath = (typeof CLIENT_ROUTE_PATHS)[number];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const ROUTE_SEGMENTS = CLIENT_ROUTE_PATHS.map(segmentsOf);

/**
 * Whether a path under the base path (e.g. "/admin/paper/42", "/" or "") is one of the client's
 * pages. Matched as the client's router matches: letter case and a trailing slash do not count.
 */
export function isClientRoutePath(path: string): boolean {
  const segments = segmentsOf(path.toLowerCase());
  return ROUTE_SEGMENTS.some(
    (route) =>
      route.length === segments.length &&
      route.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]),
  );
}
