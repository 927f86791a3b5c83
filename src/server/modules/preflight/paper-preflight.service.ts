import type { FastifyRequest } from 'fastify';
import { PAPER_NOT_FOUND } from '@shared/domain/paper-workflow.ts';
import type { PreflightKind, PreflightReport } from '@shared/schemas/preflight.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { discardFiles, receiveUpload, type UploadRules } from '@server/lib/multipart-upload.ts';
import { pageLimits, preflightStoredFile, storedPreflight } from './preflight.service.ts';
import { findPaperFileHashes } from './paper-preflight.repository.ts';

/**
 * A file the author has chosen, checked before it is submitted: received like an upload (same
 * limits and content check), measured, and removed again; the measurement stays by its hash, so
 * the submission that follows is not measured twice.
 */
export async function checkChosenFile(
  ctx: AppContext,
  _actor: PublicUser,
  request: FastifyRequest,
  rules: UploadRules,
  kind: PreflightKind,
): Promise<PreflightReport> {
  const upload = await receiveUpload(request, ctx.store, rules);
  try {
    const [file] = upload.files;
    if (!file) throw new AppError('bad_request', 'Please choose a PDF file.');
    return await preflightStoredFile(ctx, file, kind);
  } finally {
    await discardFiles(ctx.store, upload.files);
  }
}

/** A paper's reports for the organiser: its current abstract and full paper (null: none yet, or never checked). */
export async function paperPreflight(
  ctx: AppContext,
  paperId: string,
): Promise<{ abstract: PreflightReport | null; fullPaper: PreflightReport | null }> {
  const hashes = await findPaperFileHashes(ctx.db, paperId);
  if (!hashes) throw new AppError('not_found', PAPER_NOT_FOUND);
  const limits = await pageLimits(ctx);
  return {
    abstract: hashes.abstractSha256 ? await storedPreflight(ctx, hashes.abstractSha256, 'abstract', limits) : null,
    fullPaper: hashes.fullPaperSha256 ? await storedPreflight(ctx, hashes.fullPaperSha256, 'full_paper', limits) : null,
  };
}
