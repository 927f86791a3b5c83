import { Worker } from 'node:worker_threads';
import { type PdfFacts, UNREADABLE } from '@shared/schemas/preflight.ts';

// Beside this file in the sources (run through tsx), beside the bundled server once built
// (scripts/build.mjs builds the worker as dist/server/preflight-worker.js).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSources ? './preflight-worker.ts' : './preflight-worker.js', import.meta.url);

export interface PreflightLimits {
  /** Wall-clock time for one file, start of the thread included. */
  timeoutMs: number;
  /** The thread's V8 heap (old generation); the file's bytes themselves are outside it. */
  maxHeapMb: number;
  /** Checks running at once in this process; the rest wait their turn. */
  concurrency: number;
}

/** A 300-page, 40 MB paper takes about 2 s and 150 MB (docs/performance.md); these leave room. */
export const DEFAULT_PREFLIGHT_LIMITS: PreflightLimits = { timeoutMs: 30_000, maxHeapMb: 512, concurrency: 2 };

export interface InspectionOutcome {
  facts: PdfFacts;
  /** Why the thread gave no facts (time, memory, crash); undefined when it answered. */
  failure?: 'timeout' | 'memory' | 'crash';
}

/** A warm worker: started once, given one file at a time, ended when it fails or stays idle. */
interface PooledWorker {
  worker: Worker;
  maxHeapMb: number;
  idleTimer?: NodeJS.Timeout;
}

const IDLE_MS = 30_000;
const idle: PooledWorker[] = [];
let running = 0;
const waiting: (() => void)[] = [];

async function turn(concurrency: number): Promise<() => void> {
  while (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function startWorker(maxHeapMb: number): PooledWorker {
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  };
  // From the sources the worker registers tsx first, to load TypeScript as this process does.
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`,
        { ...options, eval: true },
      )
    : new Worker(WORKER_FILE, options);
  // pdf-lib's warnings about a damaged file are not the server's log.
  worker.stdout.resume();
  worker.stderr.resume();
  worker.unref();
  return { worker, maxHeapMb };
}

function takeWorker(maxHeapMb: number): PooledWorker {
  const index = idle.findIndex((w) => w.maxHeapMb === maxHeapMb);
  if (index < 0) return startWorker(maxHeapMb);
  const [pooled] = idle.splice(index, 1);
  clearTimeout(pooled!.idleTimer);
  return pooled!;
}

function giveBack(pooled: PooledWorker): void {
  pooled.idleTimer = setTimeout(() => {
    const index = idle.indexOf(pooled);
    if (index >= 0) idle.splice(index, 1);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

/**
 * Measures a PDF in a worker thread, with a time and a memory limit: a hostile file (a
 * compression bomb, a deeply nested or endless structure) ends that thread and is reported as
 * unreadable, while the server's event loop goes on answering everyone else. Threads that
 * answered are kept warm for the next file; one that failed is ended and replaced.
 */
export async function inspectInWorker(
  bytes: Uint8Array,
  limits: PreflightLimits = DEFAULT_PREFLIGHT_LIMITS,
): Promise<InspectionOutcome> {
  const done = await turn(limits.concurrency);
  try {
    return await runWorker(bytes, limits);
  } finally {
    done();
  }
}

function runWorker(bytes: Uint8Array, limits: PreflightLimits): Promise<InspectionOutcome> {
  return new Promise((resolve) => {
    const pooled = takeWorker(limits.maxHeapMb);
    const { worker } = pooled;
    let settled = false;
    const onMessage = (facts: PdfFacts) => settle({ facts });
    const onError = (error: Error & { code?: string }) =>
      settle({ facts: UNREADABLE, failure: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash' });
    const onExit = () => settle({ facts: UNREADABLE, failure: 'crash' });
    const settle = (outcome: InspectionOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (outcome.failure) void worker.terminate();
      else giveBack(pooled);
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ facts: UNREADABLE, failure: 'timeout' }), limits.timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // The bytes are copied to the thread; the caller's buffer stays its own.
    worker.postMessage(bytes);
  });
}
