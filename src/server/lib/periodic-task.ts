/**
 * Runs a task now and then every `intervalMs`, one run at a time: a tick that comes while a run
 * is still going joins it instead of starting another. The task handles its own errors (a
 * background run has no one to report to). stop() waits for the run in progress.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  /** Starts the first run at once and resolves when it has finished; later runs follow on the interval. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
    return this.run();
  }

  run(): Promise<void> {
    this.running ??= this.task().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
