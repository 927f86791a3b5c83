import {
  JOB_TEXTS,
  type BackgroundJob,
  type BookReport,
  type JobKind,
  type JobProblem,
  type JobRequest,
  type JobStatus,
} from '@shared/schemas/background-jobs.ts';
import { CERTIFICATE_TEXTS } from '@shared/domain/certificates.ts';
import { RECEIPT_TEXTS } from '@shared/domain/receipts.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { paperIdsOfAudience } from '../admin-dashboard/dashboard.service.ts';
import { countAcceptedPapers } from '../exports/exports.repository.ts';
import { findLatestVersion } from '../programme/programme.repository.ts';
import { countConfirmedPayments } from '../receipts/receipts.repository.ts';
import { countEligible } from '../certificates/certificates.service.ts';
import * as repo from './background-jobs.repository.ts';

function present(ctx: AppContext, row: NonNullable<repo.JobWithFile>): BackgroundJob {
  const { job } = row;
  const done = job.status === 'done' && row.storageKey !== null;
  return {
    _id: job.id,
    kind: job.kind as JobKind,
    status: job.status as JobStatus,
    progressDone: job.progressDone,
    progressTotal: job.progressTotal,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    requestedBy: row.requestedBy,
    error: job.error,
    problems: ((job.report?.problems as JobProblem[] | undefined) ?? []).slice(0, 1000),
    book: job.kind === 'book_of_abstracts' ? ((job.report?.book as BookReport | undefined) ?? null) : null,
    downloadPath: done ? `${ctx.config.basePath}/api/admin/jobs/${job.id}/download` : null,
    fileName: done ? row.fileName : null,
    sizeBytes: done ? row.sizeBytes : null,
  };
}

/** What a job of this kind is given to work on, checked now so that a refusal is immediate. */
async function paramsOf(ctx: AppContext, adminId: string, request: JobRequest): Promise<object> {
  if (request.kind === 'book_of_abstracts') {
    if ((await countAcceptedPapers(ctx.db)) === 0) throw new AppError('bad_request', JOB_TEXTS.noAcceptedPapers);
    if (request.order === 'programme' && !(await findLatestVersion(ctx.db)))
      throw new AppError('bad_request', JOB_TEXTS.noProgramme);
    return { order: request.order, embedStandardFonts: request.embedStandardFonts };
  }
  if (request.kind === 'certificates_zip' || request.kind === 'certificates_mail') {
    if ((await countEligible(ctx)) === 0) throw new AppError('bad_request', CERTIFICATE_TEXTS.noCertificates);
    return {};
  }
  if (request.kind === 'payment_receipts_zip') {
    if ((await countConfirmedPayments(ctx.db)) === 0) throw new AppError('bad_request', RECEIPT_TEXTS.noReceipts);
    return {};
  }
  return { paperIds: await paperIdsOfAudience(ctx, adminId, request.audience), files: [...new Set(request.files)] };
}

/** Queues a job; one of a kind at a time, so a second request while one is under way is refused. */
export async function requestJob(ctx: AppContext, adminId: string, request: JobRequest): Promise<BackgroundJob> {
  const params = await paramsOf(ctx, adminId, request);
  const row = await repo.insertJob(ctx.db, { kind: request.kind, params, requestedBy: adminId });
  if (!row) throw new AppError('conflict', JOB_TEXTS.alreadyRunning[request.kind]);
  ctx.jobs?.kick();
  return getJob(ctx, row.id);
}

export async function getJob(ctx: AppContext, jobId: string): Promise<BackgroundJob> {
  const row = await repo.findJob(ctx.db, jobId);
  if (!row) throw new AppError('not_found', JOB_TEXTS.notFound);
  return present(ctx, row);
}

/** The newest job of a kind, so the page shows the book being built, or the last one, after a reload. */
export async function latestJob(ctx: AppContext, kind: JobKind): Promise<BackgroundJob | null> {
  const row = await repo.latestJob(ctx.db, kind);
  return row ? present(ctx, row) : null;
}

/** What each kind of job leaves: the book, a ZIP, or the list of the certificates e-mailed. */
const CONTENT_TYPES: Partial<Record<JobKind, string>> = {
  book_of_abstracts: 'application/pdf',
  certificates_mail: 'text/csv; charset=utf-8',
};

export async function jobFile(ctx: AppContext, jobId: string): Promise<ServableFile> {
  const row = await repo.findJob(ctx.db, jobId);
  if (!row) throw new AppError('not_found', JOB_TEXTS.notFound);
  if (row.job.status !== 'done' || !row.storageKey) throw new AppError('conflict', JOB_TEXTS.notReady);
  return {
    storageKey: row.storageKey,
    contentType: CONTENT_TYPES[row.job.kind as JobKind] ?? 'application/zip',
    sizeBytes: row.sizeBytes ?? 0,
    fileName: row.fileName ?? 'download',
  };
}
