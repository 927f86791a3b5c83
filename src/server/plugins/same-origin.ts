import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_ORIGIN_REFUSED = 'Cross-origin requests are not allowed.';

/**
 * Refuses state-changing requests that a browser marks as coming from another site: the
 * cookie is SameSite=Lax, and this closes the remaining gaps (same-site subdomains, old browsers).
 */
export const sameOriginPlugin = fp<{ publicUrl: string }>(async (app, { publicUrl }) => {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      throw new AppError('forbidden', CROSS_ORIGIN_REFUSED);
    }
    const origin = request.headers.origin;
    if (!origin) return;
    const ownOrigins = [publicOrigin, `${request.protocol}://${request.host}`];
    if (!ownOrigins.includes(origin)) throw new AppError('forbidden', CROSS_ORIGIN_REFUSED);
  });
});
