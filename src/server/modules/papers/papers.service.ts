import { LIMITS, PAPER_STATUS_LABELS, type SubmissionKind } from '@shared/constants.ts';
import { FEE_MESSAGES } from '@shared/domain/fees.ts';
import { isRealPaymentId, normalizePaymentId } from '@shared/domain/payment.ts';
import { type PaperAction, transition } from '@shared/domain/paper-workflow.ts';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { PAPER_MESSAGES, paperSubmissionSchema } from '@shared/schemas/paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { isUniqueViolation, type DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ReceivedFile, ReceivedUpload } from '@server/lib/multipart-upload.ts';
import { findStoredFile, keepFilesOnlyIfDone, recordUpload, servableFile } from '../files/files.service.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { presentAuthorPaper } from './paper.presenter.ts';
import { canAccessPaper } from './papers.policy.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import {
  applyPaperStep,
  createPaperStep,
  deadlinesForPresenting,
  PAPER_NOT_FOUND,
  paperState,
  refusal,
} from './paper-workflow.ts';
import { stepTiming } from '../deadlines/deadlines.service.ts';
import { assertPreflightAccepts } from '../preflight/preflight.service.ts';
import { assertRoomForUpload } from '../storage-quota/storage-quota.service.ts';
import * as repo from './papers.repository.ts';
import { lockUser } from '../users/users.repository.ts';
import { readTogether } from '@server/db/read-together.ts';

export { PAPER_NOT_FOUND };

export const PAPER_SERVER_MESSAGES = {
  submitted: 'Paper submitted successfully!',
  paymentSaved: 'Payment ID updated successfully!',
  reuploaded: "Abstract re-uploaded successfully! Your paper status has been updated to 'Review Awaited'.",
  fullPaperSubmitted: 'Full paper submitted successfully!',
} as const;

function apiBase(ctx: AppContext): string {
  return `${ctx.config.basePath}/api`;
}

async function presentForAuthor(ctx: AppContext, db: DbOrTx, rows: repo.PaperRow[]): Promise<AuthorPaper[]> {
  const ids = rows.map((r) => r.id);
  const [authors, adminFiles, deadlines] = await readTogether(db, [
    () => repo.findAuthorsOfPapers(db, ids),
    () => repo.findAdminFilesOfPapers(db, ids, true),
    () => deadlinesForPresenting(ctx, db, rows),
  ]);
  return rows.map((paper) =>
    presentAuthorPaper({ paper, authors, adminFiles, deadlines: deadlines.get(paper.id)! }, apiBase(ctx)),
  );
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
  const result = transition(null, { type: 'submitted' }, await stepTiming(ctx, ctx.db, null));
  if (!result.ok) throw refusal(result);
}

function parseSubmission(fields: Record<string, string>) {
  let authors: unknown;
  try {
    authors = JSON.parse(fields.authors ?? '');
  } catch {
    throw new AppError('bad_request', PAPER_MESSAGES.allAuthorFieldsRequired);
  }
  const parsed = paperSubmissionSchema.safeParse({ ...fields, authors });
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? PAPER_MESSAGES.allFieldsRequired);
  return parsed.data;
}

function singleFile(upload: ReceivedUpload, missingMessage: string): ReceivedFile {
  const [file] = upload.files;
  if (!file) throw new AppError('bad_request', missingMessage);
  return file;
}

export async function submitPaper(ctx: AppContext, actor: PublicUser, upload: ReceivedUpload): Promise<AuthorPaper> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const input = parseSubmission(upload.fields);
    // Compared without case, stored as issued: nobody can take another author's conference ID.
    if (input.ictacemId !== undefined && input.ictacemId.toUpperCase() !== actor.customUserId.toUpperCase())
      throw new AppError('bad_request', PAPER_MESSAGES.ictacemIdNotOwn);
    const file = singleFile(upload, PAPER_MESSAGES.allFieldsRequired);
    await assertPreflightAccepts(ctx, file, 'abstract');
    try {
      return await ctx.db.transaction(async (tx) => {
        await lockUser(tx, actor._id);
        if ((await repo.countPapersOfUser(tx, actor._id)) >= LIMITS.papersPerUser) {
          throw new AppError('conflict', PAPER_MESSAGES.limitReached);
        }
        await assertRoomForUpload(tx, ctx, actor, file.sizeBytes);
        const stored = await recordUpload(tx, file, actor._id);
        const paper = await createPaperStep(
          tx,
          { actor, ctx, details: { fileName: file.fileName, version: 1 } },
          (status) =>
            repo.insertPaper(tx, {
              userId: actor._id,
              ictacemId: actor.customUserId,
              title: input.title,
              theme: input.theme,
              modeOfPresentation: input.modeOfPresentation,
              abstractFileId: stored.id,
              status,
            }),
        );
        await repo.insertAuthors(tx, paper.id, input.authors);
        await repo.addSubmissionVersion(tx, {
          paperId: paper.id,
          kind: 'abstract',
          fileId: stored.id,
          fileName: file.fileName,
        });
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

export async function savePaymentId(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  enteredPaymentId: string,
): Promise<AuthorPaper> {
  const paymentId = normalizePaymentId(enteredPaymentId);
  if (!isRealPaymentId(paymentId)) throw new AppError('bad_request', PAPER_MESSAGES.paymentIdInvalid);
  await ownPaper(ctx, actor, paperId);
  // Set once: the state machine allows it only while the paper is accepted and unpaid.
  return ctx.db.transaction(async (tx) => {
    // One payment pays for one paper. The lock makes two papers entering the same ID at once
    // (on any process) take turns, so the second sees the first.
    await repo.lockPaymentId(tx, paymentId);
    if (await repo.paymentIdUsedByAnotherPaper(tx, paymentId, paperId))
      throw new AppError('conflict', PAPER_MESSAGES.paymentIdTaken);
    const { paper } = await applyPaperStep(tx, paperId, {
      actor,
      ctx,
      action: { type: 'payment_added' },
      changes: () => ({ paymentId }),
    });
    return presentOne(ctx, tx, paper);
  });
}

/** The author's own paper; another author's is answered like one that does not exist. */
async function ownPaper(ctx: AppContext, actor: PublicUser, paperId: string): Promise<repo.PaperRow> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  if (paper.userId !== actor._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

/** Refuses before the upload is read when the paper is not in a state that accepts it. */
export async function assertCanReuploadAbstract(ctx: AppContext, actor: PublicUser, paperId: string): Promise<void> {
  await assertStepAllowed(ctx, actor, paperId, { type: 'abstract_reupload' });
}

/** The state machine's early answer before an upload is read; the transaction asks again. */
async function assertStepAllowed(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  action: PaperAction,
): Promise<void> {
  const paper = await ownPaper(ctx, actor, paperId);
  const state = await paperState(ctx.db, paper);
  const result = transition(state, action, await stepTiming(ctx, ctx.db, { id: paper.id, state }));
  if (!result.ok) throw refusal(result);
}

export async function reuploadAbstract(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  upload: ReceivedUpload,
): Promise<AuthorPaper> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const file = singleFile(upload, PAPER_MESSAGES.reuploadNoFile);
    await assertPreflightAccepts(ctx, file, 'abstract');
    await ownPaper(ctx, actor, paperId);
    return ctx.db.transaction(async (tx) => {
      await assertRoomForUpload(tx, ctx, actor, file.sizeBytes);
      const stored = await recordUpload(tx, file, actor._id);
      // The version is numbered under the paper's lock, once the step is allowed.
      let version = 0;
      const { paper, from, to } = await applyPaperStep(tx, paperId, {
        actor,
        ctx,
        action: { type: 'abstract_reupload' },
        changes: async () => {
          version = await repo.addSubmissionVersion(tx, {
            paperId,
            kind: 'abstract',
            fileId: stored.id,
            fileName: file.fileName,
          });
          return { abstractFileId: stored.id };
        },
        details: () => ({ fileName: file.fileName, version }),
      });
      const statusNote =
        from.status === to.status
          ? ''
          : ` Its status went from ${PAPER_STATUS_LABELS[from.status]} to ${PAPER_STATUS_LABELS[to.status]}.`;
      await notifyAdmins(ctx, tx, {
        type: 'system_notification',
        paperId,
        title: `Abstract re-uploaded: ${paper.ictacemId}`,
        message: `${actor.username} uploaded a new abstract for "${paper.title}".${statusNote}`,
      });
      return presentOne(ctx, tx, paper);
    });
  });
}

export async function assertCanSubmitFullPaper(ctx: AppContext, actor: PublicUser, paperId: string): Promise<void> {
  await assertStepAllowed(ctx, actor, paperId, { type: 'full_paper_submitted' });
  if (await repo.awaitsPaymentConfirmation(ctx.db, paperId))
    throw new AppError('conflict', FEE_MESSAGES.fullPaperNotConfirmed);
}

export async function submitFullPaper(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  upload: ReceivedUpload,
): Promise<AuthorPaper> {
  return keepFilesOnlyIfDone(ctx, upload, async () => {
    const file = singleFile(upload, PAPER_MESSAGES.fullPaperNoFile);
    await assertPreflightAccepts(ctx, file, 'full_paper');
    await ownPaper(ctx, actor, paperId);
    return ctx.db.transaction(async (tx) => {
      await assertRoomForUpload(tx, ctx, actor, file.sizeBytes);
      const stored = await recordUpload(tx, file, actor._id);
      // Refused before the new version is added, so a refused upload leaves no version behind.
      const { paper } = await applyPaperStep(tx, paperId, {
        actor,
        ctx,
        action: { type: 'full_paper_submitted' },
        changes: async () => {
          if (await repo.awaitsPaymentConfirmation(tx, paperId))
            throw new AppError('conflict', FEE_MESSAGES.fullPaperNotConfirmed);
          await repo.addSubmissionVersion(tx, {
            paperId,
            kind: 'full_paper',
            fileId: stored.id,
            fileName: file.fileName,
          });
          return { fullPaperFileId: stored.id, fullPaperSubmittedAt: ctx.now() };
        },
        details: { fileName: file.fileName },
      });
      await notifyAdmins(ctx, tx, {
        type: 'system_notification',
        paperId,
        title: `Full paper submitted: ${paper.ictacemId}`,
        message: `${actor.username} submitted the full paper of "${paper.title}".`,
      });
      return presentOne(ctx, tx, paper);
    });
  });
}

/** The current abstract or full-paper file of a paper the actor may see. */
export async function getSubmissionFile(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  kind: SubmissionKind,
): Promise<ServableFile> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  const fileId = kind === 'abstract' ? paper.abstractFileId : paper.fullPaperFileId;
  const stored = await findStoredFile(ctx.db, fileId);
  if (!stored)
    throw new AppError(
      'not_found',
      kind === 'abstract' ? 'No abstract file for this paper.' : 'No full paper file for this paper.',
    );
  return servableFile(stored);
}

/** An admin file, for authors only when it is shared with them. */
export async function getSharedFile(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  fileId: string,
): Promise<ServableFile> {
  const paper = await getAccessiblePaper(ctx, actor, paperId);
  const found = await repo.findAdminFile(ctx.db, paper.id, fileId);
  if (!found || (actor.role !== 'admin' && !found.file.visibleToUser))
    throw new AppError('not_found', 'File not found.');
  return servableFile(found.stored, found.file.fileName);
}
