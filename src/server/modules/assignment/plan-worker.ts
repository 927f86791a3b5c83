import { parentPort, workerData } from 'node:worker_threads';
import { type AssignmentProblem, planAssignment } from './plan-assignment.ts';

// A worker thread's whole life: one problem in, its plan out (plan-in-worker.ts starts it).
parentPort!.postMessage(planAssignment(workerData as AssignmentProblem));
