import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '@server/config.ts';
import { SESSION_COOKIE } from './auth.ts';

/** Hands a new session to the browser: HttpOnly, SameSite=Lax, Secure behind HTTPS, until it ends. */
export function setSessionCookie(
  config: Pick<AppConfig, 'basePath' | 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: config.basePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://') || request.protocol === 'https',
    expires: session.expiresAt,
  });
}
