import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { PeriodicTask } from '../lib/periodic-task.ts';
import { releaseDueDecisions } from '../modules/decision-release/decision-release.service.ts';

/** How often a process looks whether the notification date has come: decisions go out within this of it. */
const RELEASE_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * "On the notification date": once the date in force has come, the held decisions are released.
 * Every process checks; each decision is taken by one of them (claimNextHeld skips rows another
 * is releasing), so each author is told once.
 */
export class NotificationDateRelease {
  private readonly periodic: PeriodicTask;

  constructor(
    ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    intervalMs = RELEASE_CHECK_INTERVAL_MS,
  ) {
    this.periodic = new PeriodicTask(async () => {
      try {
        const released = await releaseDueDecisions(ctx);
        if (released) this.log.info({ released }, 'decisions released on the notification date');
      } catch (err) {
        this.log.warn({ err }, 'releasing decisions on the notification date failed; tried again later');
      }
    }, intervalMs);
  }

  start(): void {
    void this.periodic.start();
  }

  /** One check now, as a tick of the interval makes it (tests, and a process that must not wait). */
  run(): Promise<void> {
    return this.periodic.run();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
