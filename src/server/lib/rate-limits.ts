import type { AppConfig } from '../config.ts';

/** A per-address limit for a route's `rateLimit` option, scaled by IP_RATE_LIMIT_FACTOR. */
export function perAddress(config: Pick<AppConfig, 'ipRateLimitFactor'>, max: number, timeWindow: string) {
  return { max: Math.ceil(max * config.ipRateLimitFactor), timeWindow };
}
