import type { FastifyRequest } from 'fastify';

/** Where a request comes from, kept with a session and in the sign-in log. */
export function originOf(request: FastifyRequest): { userAgent: string; address: string } {
  return { userAgent: request.headers['user-agent'] ?? '', address: request.ip };
}
