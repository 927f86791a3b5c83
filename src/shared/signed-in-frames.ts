import type { ClientPage } from './client-routes.ts';

/** What of the session (`GET /auth/session`) decides whether a signed-in page's frame is drawn. */
interface SessionSeen {
  user?: { role?: unknown } | null;
  mustEnrolTwoFactor?: unknown;
}

/**
 * The signed-in pages the server draws for the visitor it fits: the site's header, the page's
 * frame with what the session already says (the user's name, e-mail and ID), and the page's loading
 * state where its data will go; the client hydrates it and fetches the rest. Each page names the
 * users it draws for; anyone else (a visitor, an admin who must set up two-factor sign-in first,
 * a volunteer sent on to the check-in desk) gets the shell, whose client redirects as before: a
 * redirect cannot be drawn on the server.
 */
const SIGNED_IN_FRAMES: Partial<Record<ClientPage, (role: unknown) => boolean>> = {
  'author/profile-page': (role) => role !== 'volunteer',
  'author/submit-full-paper-page': () => true,
  'admin/admin-page': (role) => role === 'admin',
  'admin/admin-paper-page': (role) => role === 'admin',
};

/** Whether the server draws this signed-in page's frame for this session. */
export function drawsSignedInFrame(page: ClientPage, session: unknown): boolean {
  const drawsFor = SIGNED_IN_FRAMES[page];
  const seen = session as SessionSeen | undefined;
  if (!drawsFor || !seen?.user || seen.mustEnrolTwoFactor === true) return false;
  return drawsFor(seen.user.role);
}
