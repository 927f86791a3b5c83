/**
 * The name of the <meta> in which the served page carries the visitor's session, as
 * `GET /api/auth/session` answers it (server/plugins/client-pages.ts): the first paint knows who
 * is signed in, and whether sign-up is open, without a request.
 */
export const SITE_SESSION_META = 'site-session';
