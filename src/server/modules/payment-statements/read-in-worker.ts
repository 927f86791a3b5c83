import { Worker } from 'node:worker_threads';
import { type ColumnMapping, STATEMENT_MESSAGES } from '@shared/domain/payment-statements.ts';
import type { ReadOutcome } from './statement-reader.ts';

// Beside this file in the sources (run through tsx), beside the bundled server once built
// (scripts/build.mjs builds the worker as dist/server/statement-worker.js).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSources ? './statement-worker.ts' : './statement-worker.js', import.meta.url);

/** A 20,000-row statement reads in well under a second and 100 MB (docs/performance.md). */
const LIMITS = { timeoutMs: 60_000, maxHeapMb: 384 };

/**
 * Reads a statement in a worker thread with a time and a memory limit: a hostile file (a
 * quoting that never ends, an XML bomb) ends that thread and is refused, while the server's
 * event loop goes on answering everyone else.
 */
export function readInWorker(bytes: Uint8Array, mapping: ColumnMapping | null): Promise<ReadOutcome> {
  const unreadable: ReadOutcome = { kind: 'refused', status: 'bad_request', message: STATEMENT_MESSAGES.unreadable };
  return new Promise((resolve) => {
    const options = {
      workerData: { bytes, mapping },
      resourceLimits: { maxOldGenerationSizeMb: LIMITS.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    };
    // From the sources the worker registers tsx first, to load TypeScript as this process does.
    const worker = fromSources
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`,
          { ...options, eval: true },
        )
      : new Worker(WORKER_FILE, options);
    let settled = false;
    const settle = (outcome: ReadOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle(unreadable), LIMITS.timeoutMs);
    worker.once('message', settle);
    worker.once('error', () => settle(unreadable));
    worker.once('exit', () => settle(unreadable));
  });
}
