import type { FastifyBaseLogger } from 'fastify';
import { tryLockForHousekeeping } from '../db/advisory-locks.ts';
import type { Db } from '../db/client.ts';
import { deleteEndedRateLimitWindows } from '../db/rate-limit-counters.ts';
import { purgeExpiredPasswordResets } from '../modules/auth/auth.service.ts';
import { purgeEndedSessions } from '../modules/sessions/sessions.service.ts';

/** How often a process offers to clear what has expired. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export interface HousekeepingResult {
  sessions: number;
  passwordResets: number;
  rateLimitWindows: number;
}

/**
 * Clears what no one can use any more: ended sessions (past their end or idle too long), reset
 * tokens past their end and rate-limit counters whose window has ended. Every process offers, once at start and then every hour; one at a
 * time does it (an advisory lock tried, never waited for), in one transaction.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = HOUSEKEEPING_INTERVAL_MS,
  ) {}

  start(): void {
    const run = () => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.log.warn({ err: error }, 'housekeeping failed; it runs again later'))
        .finally(() => (this.running = undefined));
    };
    run();
    this.timer = setInterval(run, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The counts removed, or undefined when another process was doing it. */
  async runOnce(): Promise<HousekeepingResult | undefined> {
    const result = await this.db.transaction(async (tx) => {
      if (!(await tryLockForHousekeeping(tx))) return undefined;
      return {
        sessions: await purgeEndedSessions(tx),
        passwordResets: await purgeExpiredPasswordResets(tx),
        rateLimitWindows: await deleteEndedRateLimitWindows(tx),
      };
    });
    if (result && result.sessions + result.passwordResets + result.rateLimitWindows > 0)
      this.log.info(result, 'housekeeping: expired rows removed');
    return result;
  }
}
