import type { SubmissionKind } from '@shared/constants.ts';
import { BASELINE_ACTION, isAuthorAction, isCommitteeAction } from '@shared/domain/paper-workflow.ts';
import type { AdminPaper, PaperHistory, SubmissionHistoryEntry } from '@shared/schemas/admin-paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { apiBase, presentOneForAdmin, requirePaper } from './admin-papers.service.ts';
import { applyPaperStep } from './paper-workflow.ts';
import * as repo from './papers.repository.ts';
import { findUsernames } from '../users/users.repository.ts';
import { servableFile } from '../files/files.service.ts';
import { conferenceDeadline, grantExtension, laterOf, removeExtension } from '../deadlines/deadlines.service.ts';
import { type DeadlineStep, formatConferenceTime } from '@shared/domain/deadlines.ts';

const KIND_TEXT: Record<SubmissionKind, { label: string; path: 'abstract' | 'fullpaper' }> = {
  abstract: { label: 'Abstract', path: 'abstract' },
  full_paper: { label: 'Full paper', path: 'fullpaper' },
};

export const RESET_MESSAGES = {
  reset: (kind: SubmissionKind) => `${KIND_TEXT[kind].label} submission reset successfully`,
  restored: (kind: SubmissionKind) => `${KIND_TEXT[kind].label} submission restored successfully`,
} as const;

/**
 * Reset removes the current file from the paper (the author may upload again) and marks its
 * version reset_by_admin with who, when and why; restore puts the last reset version back,
 * the same bytes. Both tell the author, in the app and by e-mail. The paper row is locked, and
 * a stale `version` answers 409, so two admins acting at once cannot undo each other unseen.
 */
export async function toggleSubmission(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  kind: SubmissionKind,
  input: { reset: boolean; reason: string; version?: number; reuploadUntil?: string },
): Promise<{ paper: AdminPaper; message: string }> {
  const prefix = kind === 'abstract' ? 'abstract' : 'fullpaper';
  const label = KIND_TEXT[kind].label;
  const step: DeadlineStep = kind === 'abstract' ? 'abstract' : 'fullPaper';
  const reuploadUntil = input.reset ? input.reuploadUntil : undefined;
  const result = await transactionThenMail(ctx, async (tx) => {
    const { paper } = await applyPaperStep(tx, paperId, {
      actor: admin,
      action: { type: input.reset ? `${prefix}_reset` : `${prefix}_restore` },
      expectedVersion: input.version,
      reason: input.reason,
      changes: async (current) => {
        if (!input.reset) return restoreChanges(tx, current, kind);
        // A reset reopens the upload for this paper: until the date given, or until it is done.
        if (reuploadUntil) {
          const reason = input.reason || `${label} reset`;
          await grantExtension(ctx, tx, { paperId, step, closesAt: reuploadUntil, reason, grantedBy: admin._id });
        } else await removeExtension(tx, paperId, step);
        return resetChanges(tx, admin, current, kind, input.reason);
      },
      details: reuploadUntil ? { reuploadUntil } : undefined,
    });
    const why = input.reason ? `\n\nReason: ${input.reason}` : '';
    // The date given, or the conference's deadline when that is later (an extension never shortens).
    const openUntil = reuploadUntil && laterOf(reuploadUntil, await conferenceDeadline(ctx, tx, step));
    const until = openUntil ? ` You can upload it until ${formatConferenceTime(openUntil)}.` : '';
    await notifyUsers(ctx, tx, [paper.userId], {
      type: input.reset ? (kind === 'abstract' ? 'abstract_reset' : 'fullpaper_reset') : 'system_notification',
      priority: 'high',
      paperId,
      title: `${label} ${input.reset ? 'reset' : 'restored'}: ${paper.ictacemId}`,
      message: input.reset
        ? `The reviewers reset your ${label.toLowerCase()} for "${paper.title}". Please upload a new version from your profile.${until}${why}`
        : `The reviewers restored your ${label.toLowerCase()} for "${paper.title}": the version you uploaded before the reset is your submission again, and nothing needs to be uploaded.${why}`,
      mail: {
        template: input.reset ? 'submission_reset' : 'submission_restored',
        values: { paperId: paper.ictacemId, title: paper.title, submission: label.toLowerCase(), reason: input.reason },
      },
    });
    return {
      paper: await presentOneForAdmin(ctx, tx, paper),
      message: input.reset ? RESET_MESSAGES.reset(kind) : RESET_MESSAGES.restored(kind),
    };
  });
  return result;
}

async function resetChanges(tx: DbOrTx, admin: PublicUser, paper: repo.PaperRow, kind: SubmissionKind, reason: string) {
  const fileId = kind === 'abstract' ? paper.abstractFileId : paper.fullPaperFileId;
  await repo.markVersionReset(
    tx,
    { paperId: paper.id, kind, fileId: fileId! },
    { resetBy: admin._id, resetReason: reason },
  );
  return kind === 'abstract' ? { abstractFileId: null } : { fullPaperFileId: null, fullPaperSubmittedAt: null };
}

async function restoreChanges(tx: DbOrTx, paper: repo.PaperRow, kind: SubmissionKind) {
  const last = await repo.findLatestResetVersion(tx, paper.id, kind);
  // The state machine allowed the restore, so a reset version exists; without one the write is refused as inconsistent.
  if (!last) return null;
  await repo.markVersionCurrent(tx, last.id);
  return kind === 'abstract'
    ? { abstractFileId: last.fileId }
    : { fullPaperFileId: last.fileId, fullPaperSubmittedAt: last.submittedAt };
}

export async function getHistory(ctx: AppContext, paperId: string): Promise<PaperHistory> {
  const paper = await requirePaper(ctx.db, paperId);
  const [versions, actions] = await Promise.all([
    repo.findVersionsOfPaper(ctx.db, paperId),
    repo.findAuditEntriesOfPaper(ctx.db, paperId),
  ]);
  const names = await findUsernames(ctx.db, [...versions.map((v) => v.resetBy), ...actions.map((a) => a.actorId)]);
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
    adminActions: actions
      .filter((a) => !isAuthorAction(a.action) && !isCommitteeAction(a.action) && a.action !== BASELINE_ACTION)
      .map((a) => ({
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

export async function getHistoricFile(
  ctx: AppContext,
  paperId: string,
  versionId: string,
  kindPath: 'abstract' | 'fullpaper',
): Promise<ServableFile> {
  const kind: SubmissionKind = kindPath === 'abstract' ? 'abstract' : 'full_paper';
  const found = await repo.findVersion(ctx.db, paperId, versionId, kind);
  if (!found) throw new AppError('not_found', 'Submission version not found.');
  return servableFile(found.stored, found.version.fileName);
}
