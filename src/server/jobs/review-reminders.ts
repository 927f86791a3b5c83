import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { PeriodicTask } from '../lib/periodic-task.ts';
import { sendDueReminders } from '../modules/review-reminders/review-reminders.service.ts';

/** How often a process looks for a reminder round that has come due: a round goes out within this of its time. */
const REMINDER_CHECK_INTERVAL_MS = 10 * 60_000;

/**
 * The automatic reminders before the review deadline (3 days and 1 day before), when an
 * organiser has turned them on. Every process checks; each round goes out once
 * (sendDueReminders).
 */
export class AutomaticReviewReminders {
  private readonly periodic: PeriodicTask;

  constructor(
    ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    intervalMs = REMINDER_CHECK_INTERVAL_MS,
  ) {
    this.periodic = new PeriodicTask(async () => {
      try {
        const sent = await sendDueReminders(ctx);
        if (sent) this.log.info(sent, 'review reminders: a round was sent');
      } catch (err) {
        this.log.warn({ err }, 'review reminders failed; they are tried again later');
      }
    }, intervalMs);
  }

  start(): void {
    void this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
