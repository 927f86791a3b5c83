import { buffer } from 'node:stream/consumers';
import { countWords, RESPONSE_TEXTS } from '@shared/domain/author-responses.ts';
import { DEADLINE_MESSAGES, isOpenAt, type StepDeadline } from '@shared/domain/deadlines.ts';
import type {
  AuthorResponseView,
  CommitteeResponse,
  OrganiserResponses,
  ResponseBody,
} from '@shared/schemas/author-responses.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { ReceivedFile, ReceivedUpload } from '@server/lib/multipart-upload.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { noticeAuthorResponse } from '../committee-notices/committee-notices.service.ts';
import { responseWordLimit, stepTiming } from '../deadlines/deadlines.service.ts';
import {
  findStoredFile,
  forgetStoredFile,
  keepFilesOnlyIfDone,
  recordUpload,
  servableFile,
} from '../files/files.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { apiBase, changeStatusInTransaction } from '../papers/admin-papers.service.ts';
import { applyPaperStep, PAPER_NOT_FOUND, paperState } from '../papers/paper-workflow.ts';
import { findPaper, findPaperForUpdate, type PaperRow } from '../papers/papers.repository.ts';
import { deleteRelease } from '../papers/review-releases.repository.ts';
import { assertPreflightAccepts } from '../preflight/preflight.service.ts';
import { currentReviewMode } from '../review-mode/review-mode.service.ts';
import { getReviewerComments, requireOwnReview } from '../reviews/reviews.service.ts';
import { assertRoomForUpload } from '../storage-quota/storage-quota.service.ts';
import * as repo from './author-responses.repository.ts';

type Ctx = AppContext;

const AWAITED = 'author_response_awaited';

/** The author's own paper; anyone else's answers as a paper that does not exist. */
async function ownPaper(db: DbOrTx, user: PublicUser, paperId: string, lock = false): Promise<PaperRow> {
  const paper = lock ? await findPaperForUpdate(db, paperId) : await findPaper(db, paperId);
  if (!paper || paper.userId !== user._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

/** The paper's response deadline now (its own extension if later), null unless it awaits a response. */
async function responseDeadline(ctx: Ctx, db: DbOrTx, paper: PaperRow): Promise<StepDeadline | null> {
  return (await stepTiming(ctx, db, { id: paper.id, state: await paperState(db, paper) })).deadlines.response;
}

const isOpen = (ctx: Ctx, deadline: StepDeadline | null) =>
  deadline !== null && isOpenAt(deadline.closesAt, ctx.now(), ctx.config.deadlineGraceMs);

/**
 * The round the author writes in now: the latest while it is not submitted; none (a new round
 * begins) when the latest was submitted and a response is asked for again.
 */
function currentRound(paper: PaperRow, latest: repo.ResponseRow | undefined): repo.ResponseRow | undefined {
  if (!latest) return undefined;
  if (latest.submittedAt !== null && paper.status === AWAITED) return undefined;
  return latest;
}

function revisedAbstractOf(ctx: Ctx, row: repo.ResponseRow, url: string) {
  return row.revisedAbstractFileId && row.revisedAbstractName
    ? { fileName: row.revisedAbstractName, url: `${apiBase(ctx)}${url}` }
    : null;
}

async function presentForAuthor(ctx: Ctx, user: PublicUser, paper: PaperRow): Promise<AuthorResponseView> {
  const [deadline, latest, wordLimit, comments] = [
    await responseDeadline(ctx, ctx.db, paper),
    await repo.findLatestRound(ctx.db, paper.id),
    await responseWordLimit(ctx.db),
    await getReviewerComments(ctx, user, paper.id),
  ];
  const awaited = paper.status === AWAITED;
  const open = awaited && isOpen(ctx, deadline);
  const round = currentRound(paper, latest);
  return {
    paperId: paper.id,
    awaited,
    open,
    closedMessage: awaited && !open && deadline ? DEADLINE_MESSAGES.passed('response', deadline.closesAt) : null,
    deadline,
    wordLimit,
    comments,
    response: round
      ? {
          round: round.round,
          state: round.submittedAt ? 'submitted' : 'draft',
          text: round.text,
          revisedAbstract: revisedAbstractOf(ctx, round, `/papers/${paper.id}/response/revised-abstract`),
          draftSavedAt: round.draftSavedAt?.toISOString() ?? null,
          submittedAt: round.submittedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** "Respond to the reviews" as the paper's author sees it. */
export async function getAuthorView(ctx: Ctx, user: PublicUser, paperId: string): Promise<AuthorResponseView> {
  return presentForAuthor(ctx, user, await ownPaper(ctx.db, user, paperId));
}

/**
 * The rules every change of a response meets, in this order, on the locked paper: the author's
 * own (404), awaiting a response (403), before its deadline (403, the deadline's own words).
 */
async function requireWritable(ctx: Ctx, db: DbOrTx, user: PublicUser, paperId: string, lock: boolean) {
  const paper = await ownPaper(db, user, paperId, lock);
  if (paper.status !== AWAITED) throw new AppError('forbidden', RESPONSE_TEXTS.notAwaited);
  const deadline = await responseDeadline(ctx, db, paper);
  if (!isOpen(ctx, deadline))
    throw new AppError('forbidden', DEADLINE_MESSAGES.passed('response', deadline?.closesAt ?? ''));
  return paper;
}

/** Refuses before an upload is read when the response cannot be changed now. */
export async function assertCanRespond(ctx: Ctx, user: PublicUser, paperId: string): Promise<void> {
  await requireWritable(ctx, ctx.db, user, paperId, false);
}

async function requireWithinLimit(db: DbOrTx, text: string): Promise<number> {
  const words = countWords(text);
  const limit = await responseWordLimit(db);
  if (words > limit) throw new AppError('bad_request', RESPONSE_TEXTS.overLimit(limit, words));
  return words;
}

/** The current round, created when the author first saves something in it. */
async function roundToWrite(tx: DbOrTx, paper: PaperRow): Promise<repo.ResponseRow> {
  const latest = await repo.findLatestRound(tx, paper.id, true);
  const round = currentRound(paper, latest);
  if (round) return round;
  return repo.insertRound(tx, { paperId: paper.id, round: (latest?.round ?? 0) + 1 });
}

export async function saveDraft(ctx: Ctx, user: PublicUser, paperId: string, body: ResponseBody) {
  await ctx.db.transaction(async (tx) => {
    const paper = await requireWritable(ctx, tx, user, paperId, true);
    await requireWithinLimit(tx, body.text);
    const round = await roundToWrite(tx, paper);
    await repo.updateRound(tx, round.id, { text: body.text.trim(), draftSavedAt: new Date() });
  });
  return { message: RESPONSE_TEXTS.draftSaved, view: await getAuthorView(ctx, user, paperId) };
}

/**
 * "Submit response": final. The paper goes back to Review in Progress (the state machine's
 * step, on its timeline), the comments shared for the response are taken back as with any return
 * to review, and the paper's committee members and the organisers are told.
 */
export async function submitResponse(ctx: Ctx, user: PublicUser, paperId: string, body: ResponseBody) {
  await transactionThenMail(ctx, async (tx) => {
    const paper = await requireWritable(ctx, tx, user, paperId, true);
    const text = body.text.trim();
    if (!text) throw new AppError('bad_request', RESPONSE_TEXTS.empty);
    const words = await requireWithinLimit(tx, text);
    const round = await roundToWrite(tx, paper);
    const now = new Date();
    await repo.updateRound(tx, round.id, { text, draftSavedAt: round.draftSavedAt ?? now, submittedAt: now });
    const { paper: updated } = await applyPaperStep(tx, paperId, {
      actor: user,
      ctx,
      action: { type: 'response_submitted' },
      details: { round: round.round, words, revisedAbstract: round.revisedAbstractName },
    });
    await deleteRelease(tx, paperId);
    await noticeAuthorResponse(tx, updated);
    await notifyAdmins(ctx, tx, {
      type: 'system_notification',
      paperId,
      title: `Response to the reviews: ${updated.ictacemId}`,
      message: `${user.username} responded to the reviews of "${updated.title}" (${words} ${words === 1 ? 'word' : 'words'}${
        round.revisedAbstractName ? ', with a revised abstract' : ''
      }). The paper is back in Review in Progress.`,
    });
  });
  return { message: RESPONSE_TEXTS.submitted, view: await getAuthorView(ctx, user, paperId) };
}

/**
 * The one way a revised abstract is taken: every check of the file (its PDF signature as it
 * streamed, then the preflight of its content, outside the transaction as it may take seconds)
 * runs before it is kept.
 */
export async function storeRevisedAbstract(ctx: Ctx, user: PublicUser, paperId: string, upload: ReceivedUpload) {
  let replacedKey: string | undefined;
  await keepFilesOnlyIfDone(ctx, upload, async () => {
    const [file] = upload.files as (ReceivedFile | undefined)[];
    if (!file) throw new AppError('bad_request', RESPONSE_TEXTS.noFile);
    await assertPreflightAccepts(ctx, file, 'abstract');
    await ctx.db.transaction(async (tx) => {
      const paper = await requireWritable(ctx, tx, user, paperId, true);
      await assertRoomForUpload(tx, ctx, user, file.sizeBytes);
      const round = await roundToWrite(tx, paper);
      const stored = await recordUpload(tx, file, user._id);
      await repo.updateRound(tx, round.id, {
        revisedAbstractFileId: stored.id,
        revisedAbstractName: file.fileName,
        draftSavedAt: new Date(),
      });
      if (round.revisedAbstractFileId)
        replacedKey = (await forgetStoredFile(tx, round.revisedAbstractFileId))?.storageKey;
    });
  });
  // The replaced file's bytes go only once its row is gone for good.
  if (replacedKey) await ctx.store.remove(replacedKey);
  return { message: RESPONSE_TEXTS.revisedAbstractSaved, view: await getAuthorView(ctx, user, paperId) };
}

export async function removeRevisedAbstract(ctx: Ctx, user: PublicUser, paperId: string) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const paper = await requireWritable(ctx, tx, user, paperId, true);
    const round = currentRound(paper, await repo.findLatestRound(tx, paperId, true));
    if (!round?.revisedAbstractFileId) throw new AppError('not_found', RESPONSE_TEXTS.noRevisedAbstract);
    await repo.updateRound(tx, round.id, { revisedAbstractFileId: null, revisedAbstractName: null });
    return (await forgetStoredFile(tx, round.revisedAbstractFileId))?.storageKey;
  });
  if (removedKey) await ctx.store.remove(removedKey);
  return { message: RESPONSE_TEXTS.revisedAbstractRemoved, view: await getAuthorView(ctx, user, paperId) };
}

/** The author's own revised abstract, as uploaded. */
export async function getAuthorRevisedAbstract(ctx: Ctx, user: PublicUser, paperId: string): Promise<ServableFile> {
  const paper = await ownPaper(ctx.db, user, paperId);
  const round = currentRound(paper, await repo.findLatestRound(ctx.db, paperId));
  const stored = await findStoredFile(ctx.db, round?.revisedAbstractFileId ?? null);
  if (!round || !stored) throw new AppError('not_found', RESPONSE_TEXTS.notFound);
  return servableFile(stored, round.revisedAbstractName ?? stored.originalName);
}

/** The latest submitted response, for the paper's committee. */
async function latestSubmitted(db: DbOrTx, paperId: string): Promise<repo.ResponseRow | undefined> {
  return (await repo.findRounds(db, paperId)).map((row) => row.response).find((row) => row.submittedAt !== null);
}

/**
 * The author's latest submitted response as an assigned member reads it (beside their review and
 * in the discussion): its text and a link to the revised abstract, nothing naming the author. A
 * member not assigned, or conflicted, gets 404.
 */
export async function getCommitteeResponse(
  ctx: Ctx,
  user: PublicUser,
  paperId: string,
): Promise<CommitteeResponse | null> {
  await requireOwnReview(ctx.db, user, paperId);
  const row = await latestSubmitted(ctx.db, paperId);
  if (!row) return null;
  return {
    round: row.round,
    text: row.text,
    submittedAt: row.submittedAt!.toISOString(),
    revisedAbstractUrl: row.revisedAbstractFileId
      ? `${apiBase(ctx)}/committee/reviews/${paperId}/author-response/abstract`
      : null,
  };
}

/**
 * The revised abstract as a member receives it: under a neutral name, and in double-blind review a
 * copy without its document information (the same anonymisation as the abstract's).
 */
export async function getCommitteeRevisedAbstract(
  ctx: Ctx,
  user: PublicUser,
  paperId: string,
): Promise<{ kind: 'stored'; file: ServableFile } | { kind: 'made'; file: ServableFile; bytes: Uint8Array }> {
  await requireOwnReview(ctx.db, user, paperId);
  const row = await latestSubmitted(ctx.db, paperId);
  const stored = await findStoredFile(ctx.db, row?.revisedAbstractFileId ?? null);
  if (!stored) throw new AppError('not_found', RESPONSE_TEXTS.notFound);
  const file = servableFile(stored, `paper-${paperId.slice(0, 8)}-revised.pdf`);
  if ((await currentReviewMode(ctx.db)) === 'single_blind') return { kind: 'stored', file };
  const original = await buffer(await ctx.store.open(stored.storageKey));
  const { withoutDocumentInformation } = await import('../review-mode/anonymous-pdf.ts');
  return { kind: 'made', file, bytes: await withoutDocumentInformation(original) };
}

/** Every round of the paper's response, for organisers, with the deadline and limit in force. */
export async function getOrganiserResponses(ctx: Ctx, paperId: string): Promise<OrganiserResponses> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
  const rows = await repo.findRounds(ctx.db, paperId);
  return {
    wordLimit: await responseWordLimit(ctx.db),
    deadline: await responseDeadline(ctx, ctx.db, paper),
    rounds: rows.map(({ response: row, reopenedBy }) => ({
      _id: row.id,
      round: row.round,
      state: row.submittedAt ? 'submitted' : 'draft',
      text: row.text,
      words: countWords(row.text),
      revisedAbstract: revisedAbstractOf(ctx, row, `/admin/papers/${paperId}/author-responses/${row.id}/abstract`),
      draftSavedAt: row.draftSavedAt?.toISOString() ?? null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      reopenedAt: row.reopenedAt?.toISOString() ?? null,
      reopenedBy,
    })),
  };
}

export async function getOrganiserRevisedAbstract(
  ctx: Ctx,
  paperId: string,
  responseId: string,
): Promise<ServableFile> {
  const row = await repo.findRound(ctx.db, paperId, responseId);
  const stored = await findStoredFile(ctx.db, row?.revisedAbstractFileId ?? null);
  if (!row || !stored) throw new AppError('not_found', RESPONSE_TEXTS.notFound);
  return servableFile(stored, row.revisedAbstractName ?? stored.originalName);
}

/**
 * An organiser reopens the latest submitted response: it becomes a draft again and the paper
 * awaits its author's response (the one status-change path: the comments are shared again and
 * the author is told until when). Give the paper an extension first if its deadline has passed.
 */
export async function reopenResponse(ctx: Ctx, admin: PublicUser, paperId: string) {
  await transactionThenMail(ctx, async (tx) => {
    const paper = await findPaperForUpdate(tx, paperId);
    if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
    const latest = await repo.findLatestRound(tx, paperId, true);
    if (!latest?.submittedAt) throw new AppError('conflict', RESPONSE_TEXTS.nothingToReopen);
    await repo.updateRound(tx, latest.id, { submittedAt: null, reopenedAt: new Date(), reopenedBy: admin._id });
    await changeStatusInTransaction(ctx, tx, admin, paperId, { status: AWAITED });
    await noticeAuthorResponse(tx, paper, 'reopened');
  });
  return { message: RESPONSE_TEXTS.reopened, responses: await getOrganiserResponses(ctx, paperId) };
}
