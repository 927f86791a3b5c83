import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/** A per-address limit for a route's `rateLimit` option, scaled by IP_RATE_LIMIT_FACTOR. */
export function perAddress(config: Pick<AppConfig, 'ipRateLimitFactor'>, max: number, timeWindow: string) {
  return { max: Math.ceil(max * config.ipRateLimitFactor), timeWindow };
}

/**
 * A per-account limit (the signed-in user, else the address): for uploads, where authors behind
 * one university's address must not share one allowance.
 */
export function perAccount(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user._id}` : `address:${request.ip}`),
  };
}
