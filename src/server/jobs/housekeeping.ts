import type { FastifyBaseLogger } from 'fastify';
import { tryLockForHousekeeping } from '../db/advisory-locks.ts';
import type { Db } from '../db/client.ts';
import { PeriodicTask } from '../lib/periodic-task.ts';
import { deleteEndedRateLimitWindows } from '../db/rate-limit-counters.ts';
import { purgeExpiredPasswordResets } from '../modules/auth/auth.service.ts';
import { purgeEndedSessions } from '../modules/sessions/sessions.service.ts';
import { type FileStore, UPLOAD_IN_PROGRESS_MS } from '../storage/file-store.ts';

/** How often a process offers to clear what has expired. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export interface HousekeepingResult {
  sessions: number;
  passwordResets: number;
  rateLimitWindows: number;
}

/**
 * Clears what no one can use any more: ended sessions (past their end or idle too long), reset
 * tokens past their end and rate-limit counters whose window has ended. Every process offers,
 * once the server listens and then every hour; one at a time does it (an advisory lock tried, never
 * waited for), in one transaction. Each process also sweeps the half-received uploads that no
 * one has written to for an hour, as its spool may be its own.
 */
export class Housekeeping {
  private readonly periodic: PeriodicTask;

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly log: FastifyBaseLogger,
    intervalMs = HOUSEKEEPING_INTERVAL_MS,
  ) {
    this.periodic = new PeriodicTask(() => this.runAll(), intervalMs);
  }

  start(): void {
    void this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Settled, not all: a stop waits for both parts, even when one has failed. */
  private async runAll(): Promise<void> {
    const results = await Promise.allSettled([this.sweepIncompleteUploads(), this.runOnce()]);
    for (const result of results)
      if (result.status === 'rejected')
        this.log.warn({ err: result.reason }, 'housekeeping failed; it runs again later');
  }

  /** Uploads a stopped process left half-received; never one still arriving (they are written to all the time). */
  async sweepIncompleteUploads(): Promise<string[]> {
    const { removed } = await this.store.sweepIncomplete(UPLOAD_IN_PROGRESS_MS);
    if (removed.length > 0) this.log.warn(`housekeeping: removed ${removed.length} half-received upload(s)`);
    return removed;
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
