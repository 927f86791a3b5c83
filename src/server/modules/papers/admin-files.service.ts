import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ReceivedUpload } from '@server/lib/multipart-upload.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { ADMIN_MESSAGES } from '@shared/schemas/admin-paper.ts';
import { textFlagSchema } from '@shared/schemas/flags.ts';
import { presentOneForAdmin, requirePaper } from './admin-papers.service.ts';
import { applyPaperStep } from './paper-workflow.ts';
import * as repo from './papers.repository.ts';
import { forgetStoredFile, keepFilesOnlyIfDone, recordUpload, servableFile } from '../files/files.service.ts';

export const ADMIN_FILE_NOT_FOUND = 'File not found.';
export const ADMIN_FILE_VISIBILITY_INVALID = 'visibleToUser must be true or false.';
export const ADMIN_FILE_TYPES = ['review_comment_file'] as const;
const DESCRIPTION_MAX = 1000;

async function tellAuthor(ctx: AppContext, db: DbOrTx, paper: repo.PaperRow, fileName: string): Promise<void> {
  await notifyUsers(ctx, db, [paper.userId], {
    type: 'system_notification',
    paperId: paper.id,
    title: `New document from the reviewers: ${paper.ictacemId}`,
    message: `The reviewers shared "${fileName}" with you for "${paper.title}". Open your profile to read it.`,
    mail: { template: 'document_shared', values: { paperId: paper.ictacemId, title: paper.title, fileName } },
  });
}

export async function uploadAdminFile(ctx: AppContext, admin: PublicUser, paperId: string, upload: ReceivedUpload) {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const [file] = upload.files;
    if (!file) throw new AppError('bad_request', ADMIN_MESSAGES.noFile);
    const description = (upload.fields.description ?? '').trim();
    if (description.length > DESCRIPTION_MAX)
      throw new AppError('bad_request', `The description can be at most ${DESCRIPTION_MAX} characters.`);
    const fileType = upload.fields.fileType || 'review_comment_file';
    if (!(ADMIN_FILE_TYPES as readonly string[]).includes(fileType))
      throw new AppError('bad_request', 'Unknown file type.');
    // Shared only on an explicit "true"; a missing flag keeps the file with the organizers.
    const visibility = textFlagSchema.default(false).safeParse(upload.fields.visibleToUser);
    if (!visibility.success) throw new AppError('bad_request', ADMIN_FILE_VISIBILITY_INVALID);
    const visibleToUser = visibility.data;

    const result = await transactionThenMail(ctx, async (tx) => {
      const { paper } = await applyPaperStep(tx, paperId, {
        actor: admin,
        action: { type: 'admin_file_upload' },
        details: { fileName: file.fileName, visibleToUser },
      });
      const stored = await recordUpload(tx, file, admin._id);
      const row = await repo.insertAdminFile(tx, {
        paperId,
        fileId: stored.id,
        fileName: file.fileName,
        fileType,
        description,
        visibleToUser,
        uploadedBy: admin._id,
      });
      if (visibleToUser) await tellAuthor(ctx, tx, paper, file.fileName);
      const view = await presentOneForAdmin(ctx, tx, paper);
      return { paper: view, file: view.adminUploadedFiles.find((f) => f._id === row.id)! };
    });
    return result;
  });
}

export async function setAdminFileVisibility(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  fileId: string,
  visibleToUser: boolean,
) {
  const result = await transactionThenMail(ctx, async (tx) => {
    await requirePaper(tx, paperId);
    const before = await repo.findAdminFile(tx, paperId, fileId);
    if (!before) throw new AppError('not_found', ADMIN_FILE_NOT_FOUND);
    const { paper } = await applyPaperStep(tx, paperId, {
      actor: admin,
      action: { type: 'admin_file_visibility' },
      details: { fileName: before.file.fileName, visibleToUser },
    });
    await repo.updateAdminFileVisibility(tx, paperId, fileId, visibleToUser);
    if (visibleToUser && !before.file.visibleToUser) await tellAuthor(ctx, tx, paper, before.file.fileName);
    const view: AdminPaper = await presentOneForAdmin(ctx, tx, paper);
    return view.adminUploadedFiles.find((f) => f._id === fileId)!;
  });
  return result;
}

export async function deleteAdminFile(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  fileId: string,
): Promise<void> {
  const storageKey = await ctx.db.transaction(async (tx) => {
    await requirePaper(tx, paperId);
    const removed = await repo.deleteAdminFile(tx, paperId, fileId);
    if (!removed) throw new AppError('not_found', ADMIN_FILE_NOT_FOUND);
    await applyPaperStep(tx, paperId, {
      actor: admin,
      action: { type: 'admin_file_delete' },
      details: { fileName: removed.fileName },
    });
    const stored = await forgetStoredFile(tx, removed.fileId);
    return stored?.storageKey;
  });
  // The bytes go only after the rows are gone for good.
  if (storageKey) await ctx.store.remove(storageKey);
}

export async function getAdminFile(ctx: AppContext, paperId: string, fileId: string): Promise<ServableFile> {
  const found = await repo.findAdminFile(ctx.db, paperId, fileId);
  if (!found) throw new AppError('not_found', ADMIN_FILE_NOT_FOUND);
  return servableFile(found.stored, found.file.fileName);
}
