import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { LIMITS, PLACEHOLDER_PAYMENT_ID, type SubmissionKind } from '../../../shared/constants.ts';
import { isRealPaymentId } from '../../../shared/domain/payment.ts';
import type { AuthorPaper } from '../../../shared/schemas/paper.ts';
import { PAPER_MESSAGES, paperSubmissionSchema } from '../../../shared/schemas/paper.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type DbOrTx } from '../../db/client.ts';
import { papers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { discardFiles, type ReceivedFile, type ReceivedUpload } from '../../lib/multipart-upload.ts';
import type { ServableFile } from '../../lib/send-file.ts';
import { presentAuthorPaper } from './paper.presenter.ts';
import { canAccessPaper, type FullPaperRefusal, fullPaperRefusal } from './papers.policy.ts';
import { notifyAdmins, sendQueuedMail } from '../notifications/notifications.service.ts';
import * as repo from './papers.repository.ts';

export const PAPER_NOT_FOUND = 'Paper not found.';

export const PAPER_SERVER_MESSAGES = {
  submitted: 'Paper submitted successfully!',
  paymentSaved: 'Payment ID updated successfully!',
  paymentNotAccepted: 'A payment ID can be added only after the abstract is accepted.',
  paymentAlreadySet: 'The payment ID has already been saved and cannot be changed.',
  reuploaded: "Abstract re-uploaded successfully! Your paper status has been updated to 'Review Awaited'.",
  reuploadNotReset: 'The abstract can be re-uploaded only after an administrator has reset it.',
  fullPaperSubmitted: 'Full paper submitted successfully!',
  fullPaperRefused: {
    not_accepted: 'A full paper can be submitted only after the abstract is accepted.',
    not_paid: 'Please add your payment ID before submitting the full paper.',
    already_submitted: 'A full paper has already been submitted for this paper.',
  } satisfies Record<FullPaperRefusal, string>,
} as const;

function apiBase(ctx: AppContext): string {
  return `${ctx.config.basePath}/api`;
}

async function presentForAuthor(ctx: AppContext, db: DbOrTx, rows: repo.PaperRow[]): Promise<AuthorPaper[]> {
  const ids = rows.map((r) => r.id);
  const [authors, adminFiles] = await Promise.all([repo.findAuthorsOfPapers(db, ids), repo.findAdminFilesOfPapers(db, ids, true)]);
  return rows.map((paper) => presentAuthorPaper({ paper, authors, adminFiles }, apiBase(ctx)));
}

async function presentOne(ctx: AppContext, db: DbOrTx, row: repo.PaperRow): Promise<AuthorPaper> {
  const [paper] = await presentForAuthor(ctx, db, [row]);
  return paper!;
}

/** The paper if the actor may see it; otherwise the same 404 as a paper that does not exist. */
export async function getAccessiblePaper(ctx: AppContext, actor: PublicUser, paperId: string): Promise<repo.PaperRow> {
  const paper = await repo.findPaper(ctx.db, paperId);
  if (!paper || !canAccessPaper(actor, paper)) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

export async function listOwnPapers(ctx: AppContext, actor: PublicUser): Promise<AuthorPaper[]> {
  return presentForAuthor(ctx, ctx.db, await repo.findPapersOfUser(ctx.db, actor._id));
}

export async function countOwnPapers(ctx: AppContext, actor: PublicUser): Promise<number> {
  return repo.countPapersOfUser(ctx.db, actor._id);
}

export async function getPaper(ctx: AppContext, actor: PublicUser, paperId: string): Promise<AuthorPaper> {
  return presentOne(ctx, ctx.db, await getAccessiblePaper(ctx, actor, paperId));
}

/** Cheap early refusal before any upload byte is stored; the transaction re-checks. */
export async function assertCanSubmitPaper(ctx: AppContext, actor: PublicUser): Promise<void> {
  if ((await repo.countPapersOfUser(ctx.db, actor._id)) >= LIMITS.papersPerUser) {
    throw new AppError('conflict', PAPER_MESSAGES.limitReached);
  }
}

function parseSubmission(fields: Record<string, string>) {
  let authors: unknown;
  try {
    authors = JSON.parse(fields.authors ?? '');
  } catch {
    throw new AppError('bad_request', PAPER_MESSAGES.allAuthorFieldsRequired);
  }
  const parsed = paperSubmissionSchema.safeParse({ ...fields, authors });
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? PAPER_MESSAGES.allFieldsRequired);
  return parsed.data;
}

function singleFile(upload: ReceivedUpload, missingMessage: string): ReceivedFile {
  const [file] = upload.files;
  if (!file) throw new AppError('bad_request', missingMessage);
  return file;
}

function storedFileValues(file: ReceivedFile, actor: PublicUser) {
  return {
    storageKey: file.key,
    originalName: file.fileName,
    contentType: file.signature.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    uploadedBy: actor._id,
  };
}

/** Runs `work`; if it fails, the files this request stored are removed again. */
async function keepFilesOnlyIfDone<T>(ctx: AppContext, upload: ReceivedUpload, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardFiles(ctx.store, upload.files);
    throw error;
  }
}

export async function submitPaper(ctx: AppContext, actor: PublicUser, upload: ReceivedUpload): Promise<AuthorPaper> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const input = parseSubmission(upload.fields);
    const file = singleFile(upload, PAPER_MESSAGES.allFieldsRequired);
    try {
      return await ctx.db.transaction(async (tx) => {
        await repo.lockUser(tx, actor._id);
        if ((await repo.countPapersOfUser(tx, actor._id)) >= LIMITS.papersPerUser) {
          throw new AppError('conflict', PAPER_MESSAGES.limitReached);
        }
        const stored = await repo.insertStoredFile(tx, storedFileValues(file, actor));
        const paper = await repo.insertPaper(tx, {
          userId: actor._id,
          ictacemId: input.ictacemId,
          title: input.title,
          theme: input.theme,
          modeOfPresentation: input.modeOfPresentation,
          abstractFileId: stored.id,
        });
        await repo.insertAuthors(tx, paper.id, input.authors);
        await repo.addSubmissionVersion(tx, { paperId: paper.id, kind: 'abstract', fileId: stored.id, fileName: file.fileName });
        await notifyAdmins(ctx, tx, {
          type: 'system_notification',
          paperId: paper.id,
          title: `New abstract: ${paper.ictacemId}`,
          message: `${actor.username} submitted "${paper.title}" (${paper.theme}).`,
        });
        return presentOne(ctx, tx, paper);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', PAPER_MESSAGES.ictacemIdTaken);
      throw error;
    }
  });
}

export async function savePaymentId(ctx: AppContext, actor: PublicUser, paperId: string, paymentId: string): Promise<AuthorPaper> {
  if (!isRealPaymentId(paymentId)) throw new AppError('bad_request', PAPER_MESSAGES.paymentIdInvalid);
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  if (paper.userId !== actor._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  // Set once: the update only happens while the paper is accepted and has no payment ID.
  const updated = await repo.updatePaperWhere(
    ctx.db,
    paper.id,
    and(eq(papers.status, 'abstract_accepted'), eq(papers.paymentId, '')),
    { paymentId },
  );
  if (!updated) {
    const current = await repo.findPaper(ctx.db, paper.id);
    throw new AppError(
      'conflict',
      current?.status !== 'abstract_accepted' ? PAPER_SERVER_MESSAGES.paymentNotAccepted : PAPER_SERVER_MESSAGES.paymentAlreadySet,
    );
  }
  return presentOne(ctx, ctx.db, updated);
}

async function ownPaperForUpload(ctx: AppContext, actor: PublicUser, paperId: string): Promise<repo.PaperRow> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  if (paper.userId !== actor._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

/** Refuses before the upload is read when the paper is not in a state that accepts it. */
export async function assertCanReuploadAbstract(ctx: AppContext, actor: PublicUser, paperId: string): Promise<void> {
  const paper = await ownPaperForUpload(ctx, actor, paperId);
  if (paper.abstractFileId) throw new AppError('conflict', PAPER_SERVER_MESSAGES.reuploadNotReset);
}

export async function reuploadAbstract(ctx: AppContext, actor: PublicUser, paperId: string, upload: ReceivedUpload): Promise<AuthorPaper> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const file = singleFile(upload, PAPER_MESSAGES.reuploadNoFile);
    return ctx.db.transaction(async (tx) => {
      const stored = await repo.insertStoredFile(tx, storedFileValues(file, actor));
      const updated = await repo.updatePaperWhere(tx, paperId, and(eq(papers.userId, actor._id), isNull(papers.abstractFileId)), {
        abstractFileId: stored.id,
        status: 'review_awaited',
      });
      if (!updated) throw new AppError('conflict', PAPER_SERVER_MESSAGES.reuploadNotReset);
      await repo.addSubmissionVersion(tx, { paperId, kind: 'abstract', fileId: stored.id, fileName: file.fileName });
      await notifyAdmins(ctx, tx, {
        type: 'system_notification',
        paperId,
        title: `Abstract re-uploaded: ${updated.ictacemId}`,
        message: `${actor.username} uploaded a new abstract for "${updated.title}".`,
      });
      return presentOne(ctx, tx, updated);
    });
  });
}

export async function assertCanSubmitFullPaper(ctx: AppContext, actor: PublicUser, paperId: string): Promise<void> {
  const refusal = fullPaperRefusal(await ownPaperForUpload(ctx, actor, paperId));
  if (refusal) throw new AppError('conflict', PAPER_SERVER_MESSAGES.fullPaperRefused[refusal]);
}

export async function submitFullPaper(ctx: AppContext, actor: PublicUser, paperId: string, upload: ReceivedUpload): Promise<AuthorPaper> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const file = singleFile(upload, PAPER_MESSAGES.fullPaperNoFile);
    return ctx.db.transaction(async (tx) => {
      const stored = await repo.insertStoredFile(tx, storedFileValues(file, actor));
      const updated = await repo.updatePaperWhere(
        tx,
        paperId,
        and(
          eq(papers.userId, actor._id),
          eq(papers.status, 'abstract_accepted'),
          notInArray(papers.paymentId, ['', PLACEHOLDER_PAYMENT_ID]),
          isNull(papers.fullPaperFileId),
        ),
        { fullPaperFileId: stored.id, fullPaperSubmittedAt: new Date() },
      );
      if (!updated) {
        const current = await repo.findPaper(tx, paperId);
        const refusal = current ? fullPaperRefusal(current) : 'not_accepted';
        throw new AppError('conflict', PAPER_SERVER_MESSAGES.fullPaperRefused[refusal ?? 'already_submitted']);
      }
      await repo.addSubmissionVersion(tx, { paperId, kind: 'full_paper', fileId: stored.id, fileName: file.fileName });
      await notifyAdmins(ctx, tx, {
        type: 'system_notification',
        paperId,
        title: `Full paper submitted: ${updated.ictacemId}`,
        message: `${actor.username} submitted the full paper of "${updated.title}".`,
      });
      return presentOne(ctx, tx, updated);
    });
  });
}

/** The current abstract or full-paper file of a paper the actor may see. */
export async function getSubmissionFile(ctx: AppContext, actor: PublicUser, paperId: string, kind: SubmissionKind): Promise<ServableFile> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  const fileId = kind === 'abstract' ? paper.abstractFileId : paper.fullPaperFileId;
  const stored = fileId ? await repo.findStoredFile(ctx.db, fileId) : undefined;
  if (!stored) throw new AppError('not_found', kind === 'abstract' ? 'No abstract file for this paper.' : 'No full paper file for this paper.');
  return { storageKey: stored.storageKey, contentType: stored.contentType, sizeBytes: stored.sizeBytes, fileName: stored.originalName };
}

/** An admin file, for authors only when it is shared with them. */
export async function getSharedFile(ctx: AppContext, actor: PublicUser, paperId: string, fileId: string): Promise<ServableFile> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  const found = await repo.findAdminFile(ctx.db, paper.id, fileId);
  if (!found || (actor.role !== 'admin' && !found.file.visibleToUser)) throw new AppError('not_found', 'File not found.');
  return {
    storageKey: found.stored.storageKey,
    contentType: found.stored.contentType,
    sizeBytes: found.stored.sizeBytes,
    fileName: found.file.fileName,
  };
}
