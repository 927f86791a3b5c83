import { sql } from 'drizzle-orm';
import type { SubmissionKind } from '../../../shared/constants.ts';
import type { AdminPaper, PaperHistory, SubmissionHistoryEntry } from '../../../shared/schemas/admin-paper.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServableFile } from '../../lib/send-file.ts';
import { notifyUsers, sendQueuedMail } from '../notifications/notifications.service.ts';
import { apiBase, assertVersion, presentOneForAdmin, requirePaper } from './admin-papers.service.ts';
import * as repo from './papers.repository.ts';

const KIND_TEXT: Record<SubmissionKind, { label: string; path: 'abstract' | 'fullpaper' }> = {
  abstract: { label: 'Abstract', path: 'abstract' },
  full_paper: { label: 'Full paper', path: 'fullpaper' },
};

export const RESET_MESSAGES = {
  reset: (kind: SubmissionKind) => `${KIND_TEXT[kind].label} submission reset successfully`,
  restored: (kind: SubmissionKind) => `${KIND_TEXT[kind].label} submission restored successfully`,
  nothingToReset: (kind: SubmissionKind) => `There is no ${KIND_TEXT[kind].label.toLowerCase()} file to reset.`,
  nothingToRestore: (kind: SubmissionKind) => `There is no reset ${KIND_TEXT[kind].label.toLowerCase()} submission to restore.`,
  alreadySubmitted: (kind: SubmissionKind) => `The ${KIND_TEXT[kind].label.toLowerCase()} is submitted; there is nothing to restore.`,
} as const;

function fileColumns(kind: SubmissionKind) {
  return kind === 'abstract'
    ? { fileId: (p: repo.PaperRow) => p.abstractFileId, clear: { abstractFileId: null } }
    : { fileId: (p: repo.PaperRow) => p.fullPaperFileId, clear: { fullPaperFileId: null, fullPaperSubmittedAt: null } };
}

/**
 * Reset removes the current file from the paper (the author may upload again) and marks its
 * version reset_by_admin with who, when and why; restore puts the last reset version back,
 * the same bytes. The paper row is locked, and a stale `version` answers 409, so two admins
 * acting at once cannot undo each other unseen.
 */
export async function toggleSubmission(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  kind: SubmissionKind,
  input: { reset: boolean; reason: string; version?: number },
): Promise<{ paper: AdminPaper; message: string }> {
  const result = await ctx.db.transaction(async (tx) => {
    const paper = await requirePaper(tx, paperId, true);
    assertVersion(paper, input.version);
    const columns = fileColumns(kind);
    const currentFileId = columns.fileId(paper);
    let updated: repo.PaperRow | undefined;

    if (input.reset) {
      if (!currentFileId) throw new AppError('conflict', RESET_MESSAGES.nothingToReset(kind));
      updated = await repo.updatePaperWhere(tx, paperId, sql`true`, columns.clear);
      await repo.markVersionReset(tx, { paperId, kind, fileId: currentFileId }, { resetBy: admin._id, resetReason: input.reason });
      await notifyUsers(ctx, tx, [paper.userId], {
        type: kind === 'abstract' ? 'abstract_reset' : 'fullpaper_reset',
        priority: 'high',
        paperId,
        title: `${KIND_TEXT[kind].label} reset: ${paper.ictacemId}`,
        message: `The reviewers reset your ${KIND_TEXT[kind].label.toLowerCase()} for "${paper.title}". Please upload a new version from your profile.${
          input.reason ? `\n\nReason: ${input.reason}` : ''
        }`,
      });
    } else {
      if (currentFileId) throw new AppError('conflict', RESET_MESSAGES.alreadySubmitted(kind));
      const last = await repo.findLatestResetVersion(tx, paperId, kind);
      if (!last) throw new AppError('conflict', RESET_MESSAGES.nothingToRestore(kind));
      await repo.markVersionCurrent(tx, last.id);
      updated = await repo.updatePaperWhere(
        tx,
        paperId,
        sql`true`,
        kind === 'abstract' ? { abstractFileId: last.fileId } : { fullPaperFileId: last.fileId, fullPaperSubmittedAt: last.submittedAt },
      );
    }
    await repo.insertAuditEntry(tx, {
      actorId: admin._id,
      action: `${kind === 'abstract' ? 'abstract' : 'fullpaper'}_${input.reset ? 'reset' : 'restore'}`,
      paperId,
      targetUserId: paper.userId,
      comments: input.reason || null,
    });
    return {
      paper: await presentOneForAdmin(ctx, tx, updated!),
      message: input.reset ? RESET_MESSAGES.reset(kind) : RESET_MESSAGES.restored(kind),
    };
  });
  sendQueuedMail(ctx);
  return result;
}

export async function getHistory(ctx: AppContext, paperId: string): Promise<PaperHistory> {
  const paper = await requirePaper(ctx.db, paperId);
  const [versions, actions] = await Promise.all([repo.findVersionsOfPaper(ctx.db, paperId), repo.findAuditEntriesOfPaper(ctx.db, paperId)]);
  const names = await repo.findUsernames(ctx.db, [...versions.map((v) => v.resetBy), ...actions.map((a) => a.actorId)]);
  const entry = (v: (typeof versions)[number]): SubmissionHistoryEntry => ({
    _id: v.id,
    version: v.version,
    submittedAt: v.submittedAt.toISOString(),
    fileName: v.fileName,
    status: v.status,
    resetBy: v.resetBy ? (names.get(v.resetBy) ?? null) : null,
    resetAt: v.resetAt?.toISOString() ?? null,
    resetReason: v.resetReason,
    viewUrl: `${apiBase(ctx)}/admin/papers/${paperId}/history/${v.id}/${KIND_TEXT[v.kind].path}/view`,
  });
  return {
    _id: paper.id,
    title: paper.title,
    abstractSubmissionHistory: versions.filter((v) => v.kind === 'abstract').map(entry),
    fullPaperSubmissionHistory: versions.filter((v) => v.kind === 'full_paper').map(entry),
    // The evaluation is confidential even here: its entry says only that it happened.
    adminActions: actions.map((a) => ({
      _id: a.id,
      adminAction: a.action,
      actionAt: a.createdAt.toISOString(),
      performedBy: a.actorId ? (names.get(a.actorId) ?? null) : null,
      previousStatus: a.previousStatus,
      newStatus: a.newStatus,
      reviewComments: a.comments,
    })),
  };
}

export async function getHistoricFile(ctx: AppContext, paperId: string, versionId: string, kindPath: 'abstract' | 'fullpaper'): Promise<ServableFile> {
  const kind: SubmissionKind = kindPath === 'abstract' ? 'abstract' : 'full_paper';
  const found = await repo.findVersion(ctx.db, paperId, versionId, kind);
  if (!found) throw new AppError('not_found', 'Submission version not found.');
  return { storageKey: found.stored.storageKey, contentType: found.stored.contentType, sizeBytes: found.stored.sizeBytes, fileName: found.version.fileName };
}
