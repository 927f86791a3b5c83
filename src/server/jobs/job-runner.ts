import type { Readable } from 'node:stream';
import { publishLive } from '../live/live-messages.ts';
import type { JobKind } from '@shared/schemas/background-jobs.ts';
import type { AppContext } from '../context.ts';
import { PeriodicTask } from '../lib/periodic-task.ts';
import * as repo from '../modules/background-jobs/background-jobs.repository.ts';
import { insertStoredFile } from '../modules/files/files.repository.ts';

/** A job whose process dies is taken again by another once its lease, renewed with each progress, runs out. */
const LEASE_MS = 2 * 60_000;
const POLL_MS = 10_000;
/** The largest file a job may leave: a ZIP of every paper's files stays far below it. */
const MAX_RESULT_BYTES = 50 * 1024 ** 3;

/** The run was stopped (the process is closing, or another process took the job over): nothing is kept. */
export class JobStopped extends Error {
  constructor() {
    super('The job was stopped.');
    this.name = 'JobStopped';
  }
}

/** An expected failure, its message shown to the organiser. */
export class JobFailure extends Error {}

export interface JobRun {
  ctx: AppContext;
  job: repo.JobRow;
  /** Records progress and renews the lease; throws JobStopped when the run must end. */
  progress(done: number, total: number): Promise<void>;
}

export interface JobResult {
  file: { source: Readable; fileName: string; contentType: string };
  report: Record<string, unknown>;
}

/** What one kind of job does; a failure with a message for the organiser throws JobFailure. */
export type JobHandler = (run: JobRun) => Promise<JobResult>;

/**
 * Takes queued jobs one at a time, in every server process: each claims with SKIP LOCKED, so a
 * job runs once, and a job whose process stopped is taken again after its lease. The finished
 * file goes into the file store like an upload; it replaces the previous result of its kind.
 */
export class JobRunner {
  private readonly task = new PeriodicTask(() => this.runDue(), POLL_MS);
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: Record<JobKind, JobHandler>,
  ) {}

  start(): void {
    this.stopping = false;
    void this.task.start();
  }

  /** Runs what is due now instead of at the next poll (a job was just queued). */
  kick(): void {
    if (!this.stopping) void this.task.run();
  }

  /** The job in progress is stopped at its next progress and handed back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.task.stop();
  }

  private async runDue(): Promise<void> {
    try {
      while (!this.stopping) {
        const job = await repo.claimJob(this.ctx.db, LEASE_MS);
        if (!job) return;
        await this.runOne(job);
      }
    } catch (error) {
      this.ctx.log.error({ err: error }, 'background jobs: run failed');
    }
  }

  private async runOne(job: repo.JobRow): Promise<void> {
    const { ctx } = this;
    const run: JobRun = {
      ctx,
      job,
      progress: async (done, total) => {
        if (this.stopping || !(await repo.recordProgress(ctx.db, job, { done, total }, LEASE_MS))) {
          throw new JobStopped();
        }
        await this.tellRequester(job);
      },
    };
    try {
      await this.keepResult(job, await this.handlers[job.kind as JobKind](run));
      await this.tellRequester(job);
    } catch (error) {
      if (error instanceof JobStopped) {
        if (this.stopping) await repo.releaseJob(ctx.db, job);
        return;
      }
      ctx.log.error({ err: error, jobId: job.id, kind: job.kind }, 'background job failed');
      const message = error instanceof JobFailure ? error.message : 'The job failed unexpectedly; try again.';
      await repo.failJob(ctx.db, job, message);
      await this.tellRequester(job);
    }
  }

  /** The organiser who asked for the job sees its progress move (live updates), never a failure of its own. */
  private async tellRequester(job: repo.JobRow): Promise<void> {
    if (!job.requestedBy) return;
    await publishLive(this.ctx.db, { kind: 'job', jobId: job.id, userIds: [job.requestedBy] }).catch((error: unknown) =>
      this.ctx.log.warn({ err: error, jobId: job.id }, 'background job: progress not announced'),
    );
  }

  private async keepResult(job: repo.JobRow, result: JobResult): Promise<void> {
    const { ctx } = this;
    const stored = await ctx.store.put(result.file.source, {
      maxBytes: MAX_RESULT_BYTES,
      tooLargeMessage: 'The file is too large to keep.',
    });
    let replacedKeys: string[];
    try {
      replacedKeys = await ctx.db.transaction(async (tx) => {
        const file = await insertStoredFile(tx, {
          storageKey: stored.key,
          originalName: result.file.fileName,
          contentType: result.file.contentType,
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
          uploadedBy: job.requestedBy,
        });
        // Taken over by another process meanwhile: its result counts, this one is rolled back.
        if (!(await repo.finishJob(tx, job, { resultFileId: file.id, report: result.report }))) throw new JobStopped();
        const replaced = await repo.replacedResults(tx, job.kind as JobKind, job.id);
        await repo.forgetResults(
          tx,
          replaced.map((r) => r.jobId),
          replaced.map((r) => r.fileId),
        );
        return replaced.map((r) => r.storageKey);
      });
    } catch (error) {
      await this.removeBytes(stored.key);
      throw error;
    }
    // The bytes of the results this one replaced go once no row names them.
    for (const key of replacedKeys) await this.removeBytes(key);
  }

  private async removeBytes(key: string): Promise<void> {
    await this.ctx.store
      .remove(key)
      .catch((error: unknown) => this.ctx.log.warn({ err: error, key }, 'background jobs: a file was not removed'));
  }
}
