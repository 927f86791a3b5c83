import { Worker } from 'node:worker_threads';
import type { AssignmentPlan, AssignmentProblem } from './plan-assignment.ts';

// Beside this file in the sources (run through tsx), beside the bundled server once built
// (scripts/build.mjs builds the worker as dist/server/plan-worker.js).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSources ? './plan-worker.ts' : './plan-worker.js', import.meta.url);

/**
 * Solves an assignment in a worker thread of its own: 3,000 papers and 300 members take seconds
 * of computation, during which the server's event loop goes on answering everyone else.
 */
export function planInWorker(problem: AssignmentProblem): Promise<AssignmentPlan> {
  return new Promise((resolve, reject) => {
    // From the sources the worker registers tsx first, to load TypeScript as this process does.
    const worker = fromSources
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`,
          { eval: true, workerData: problem },
        )
      : new Worker(WORKER_FILE, { workerData: problem });
    let answered = false;
    worker.once('message', (plan: AssignmentPlan) => {
      answered = true;
      resolve(plan);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The assignment worker stopped (exit code ${code}) without a plan.`));
    });
  });
}
