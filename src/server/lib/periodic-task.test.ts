import { describe, expect, it } from 'vitest';
import { PeriodicTask } from './periodic-task.ts';

describe('PeriodicTask', () => {
  it('runs once at start, joins a run still going instead of starting another, and stop waits for it', async () => {
    let runs = 0;
    let finish!: () => void;
    const task = new PeriodicTask(() => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    }, 60_000);
    const first = task.start();
    const joined = task.run();
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await Promise.all([first, joined, stopping]);
    expect(stopped).toBe(true);
    // Once a run has ended, the next one is a new run.
    const next = task.run();
    expect(runs).toBe(2);
    finish();
    await next;
  });
});
