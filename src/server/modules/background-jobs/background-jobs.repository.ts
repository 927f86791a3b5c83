import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { JobKind } from '@shared/schemas/background-jobs.ts';
import type { Db, DbOrTx } from '@server/db/client.ts';
import { backgroundJobs, storedFiles, users } from '@server/db/schema/index.ts';

export type JobRow = typeof backgroundJobs.$inferSelect;

/** Nothing when a job of this kind is already queued or running (background_jobs_one_active_per_kind_uq). */
export async function insertJob(db: DbOrTx, values: { kind: JobKind; params: object; requestedBy: string }) {
  const [row] = await db
    .insert(backgroundJobs)
    .values({ kind: values.kind, params: values.params as Record<string, unknown>, requestedBy: values.requestedBy })
    .onConflictDoNothing()
    .returning();
  return row;
}

const jobColumns = {
  job: backgroundJobs,
  requestedBy: users.username,
  fileName: storedFiles.originalName,
  sizeBytes: storedFiles.sizeBytes,
  storageKey: storedFiles.storageKey,
};

function selectJobs(db: DbOrTx) {
  return db
    .select(jobColumns)
    .from(backgroundJobs)
    .leftJoin(users, eq(users.id, backgroundJobs.requestedBy))
    .leftJoin(storedFiles, eq(storedFiles.id, backgroundJobs.resultFileId));
}
export type JobWithFile = Awaited<ReturnType<typeof findJob>>;

export async function findJob(db: DbOrTx, id: string) {
  const [row] = await selectJobs(db).where(eq(backgroundJobs.id, id));
  return row;
}

export async function latestJob(db: DbOrTx, kind: JobKind) {
  const [row] = await selectJobs(db)
    .where(eq(backgroundJobs.kind, kind))
    .orderBy(desc(backgroundJobs.createdAt), desc(backgroundJobs.id))
    .limit(1);
  return row;
}

/**
 * Takes the next job due: a queued one, or a running one whose process stopped renewing its
 * lease. SKIP LOCKED: two processes never take the same job.
 */
export async function claimJob(db: Db, leaseMs: number): Promise<JobRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        or(
          eq(backgroundJobs.status, 'queued'),
          and(eq(backgroundJobs.status, 'running'), lte(backgroundJobs.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(backgroundJobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(backgroundJobs)
      .set({
        status: 'running',
        progressDone: 0,
        attempts: sql`${backgroundJobs.attempts} + 1`,
        startedAt: sql`now()`,
        leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      })
      .where(eq(backgroundJobs.id, due.id))
      .returning();
    return claimed;
  });
}

/** Progress, renewing the lease: true while the job is still this run's (not taken over meanwhile). */
export async function recordProgress(
  db: DbOrTx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  progress: { done: number; total: number },
  leaseMs: number,
): Promise<boolean> {
  const updated = await db
    .update(backgroundJobs)
    .set({
      progressDone: progress.done,
      progressTotal: progress.total,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(ownRun(job))
    .returning({ id: backgroundJobs.id });
  return updated.length > 0;
}

function ownRun(job: Pick<JobRow, 'id' | 'attempts'>) {
  return and(
    eq(backgroundJobs.id, job.id),
    eq(backgroundJobs.status, 'running'),
    eq(backgroundJobs.attempts, job.attempts),
  );
}

export async function finishJob(
  db: DbOrTx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  result: { resultFileId: string; report: Record<string, unknown> },
): Promise<boolean> {
  const updated = await db
    .update(backgroundJobs)
    .set({
      status: 'done',
      ...result,
      progressDone: sql`${backgroundJobs.progressTotal}`,
      leaseUntil: null,
      finishedAt: sql`now()`,
    })
    .where(ownRun(job))
    .returning({ id: backgroundJobs.id });
  return updated.length > 0;
}

export async function failJob(db: DbOrTx, job: Pick<JobRow, 'id' | 'attempts'>, error: string): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({ status: 'failed', error, leaseUntil: null, finishedAt: sql`now()` })
    .where(ownRun(job));
}

/** Hands a job back to the queue (its process is stopping): another process, or the next start, redoes it. */
export async function releaseJob(db: DbOrTx, job: Pick<JobRow, 'id' | 'attempts'>): Promise<void> {
  await db.update(backgroundJobs).set({ status: 'queued', leaseUntil: null }).where(ownRun(job));
}

/** The stored files of earlier results of this kind, to remove once a newer result replaces them. */
export async function replacedResults(db: DbOrTx, kind: JobKind, keepJobId: string) {
  return db
    .select({ jobId: backgroundJobs.id, fileId: storedFiles.id, storageKey: storedFiles.storageKey })
    .from(backgroundJobs)
    .innerJoin(storedFiles, eq(storedFiles.id, backgroundJobs.resultFileId))
    .where(and(eq(backgroundJobs.kind, kind), sql`${backgroundJobs.id} <> ${keepJobId}`));
}

export async function forgetResults(db: DbOrTx, jobIds: string[], fileIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.update(backgroundJobs).set({ resultFileId: null }).where(inArray(backgroundJobs.id, jobIds));
  await db.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
}
