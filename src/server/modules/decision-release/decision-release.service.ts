import type { PaperStatus } from '@shared/constants.ts';
import { DECISION_RELEASE_TEXTS, RELEASE_BATCH_SIZE } from '@shared/domain/decision-release.ts';
import type {
  DecisionReleaseSettings,
  HeldCounts,
  ReleaseBatch,
  ReleasePreview,
  ReleaseScopeBody,
  SetDecisionReleaseBody,
} from '@shared/schemas/decision-release.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { changeStatusInTransaction, reviewNotification } from '../papers/admin-papers.service.ts';
import { presentUser } from '../users/user.presenter.ts';
import { findUserById } from '../users/users.repository.ts';
import { currentReleaseMode } from '../papers/decision-holding.ts';
import { findPaper } from '../papers/papers.repository.ts';
import * as repo from './decision-release.repository.ts';

async function heldCounts(db: DbOrTx, paperIds?: readonly string[]): Promise<HeldCounts> {
  const rows = await repo.countHeldByStatus(db, paperIds);
  const of = (status: PaperStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return {
    total: rows.reduce((sum, row) => sum + row.n, 0),
    abstract_accepted: of('abstract_accepted'),
    declined: of('declined'),
  };
}

export async function getSettings(ctx: AppContext): Promise<Omit<DecisionReleaseSettings, 'success'>> {
  const [mode, dates, held] = [await currentReleaseMode(ctx.db), await currentDates(ctx), await heldCounts(ctx.db)];
  return { mode, notificationDate: dates.notification, held };
}

/**
 * Changing the setting holds or releases nothing by itself: decisions held before stay held
 * until released (from the paper list, or by the notification date in that mode).
 */
export async function setMode(ctx: AppContext, actor: PublicUser, input: SetDecisionReleaseBody) {
  await repo.saveMode(ctx.db, input.mode, actor._id);
  const held = await heldCounts(ctx.db);
  const message = DECISION_RELEASE_TEXTS.saved(input.mode);
  return {
    mode: input.mode,
    message: held.total > 0 ? `${message} ${DECISION_RELEASE_TEXTS.stillHeld(held.total)}` : message,
  };
}

/** What a release of the scope would do: the decisions of each kind, and the e-mails it queues. */
export async function previewRelease(
  ctx: AppContext,
  scope: ReleaseScopeBody,
): Promise<Omit<ReleasePreview, 'success'>> {
  const rows = await repo.findHeldWithPapers(ctx.db, scope.paperIds);
  const emails = rows.filter(
    (row) =>
      row.submitterRole === 'author' &&
      reviewNotification(
        { id: row.paperId, ictacemId: '', title: '' },
        { status: row.paperStatus, review: row.paperReview },
        { status: row.status, review: row.review },
      ) !== null,
  ).length;
  return { held: await heldCounts(ctx.db, scope.paperIds), emails, byEmail: ctx.outbox !== undefined };
}

/**
 * Who a released decision is applied by: the organiser releasing it, or (the notification date's
 * job) the organiser who entered it, else the one who chose that release.
 */
async function releaserOf(tx: DbOrTx, releaser: PublicUser | null, held: repo.HeldDecisionRow) {
  if (releaser) return releaser;
  for (const id of [held.decidedBy, await repo.findModeSetter(tx)]) {
    const user = id ? await findUserById(tx, id) : undefined;
    if (user) return presentUser(user);
  }
  return null;
}

/**
 * Releases up to one batch of the scope's held decisions, each in a transaction of its own that
 * takes the held row out (repo.claimNextHeld) and applies it through the normal status change:
 * the state machine, the timeline, the author's notification and e-mail (the final decision
 * only: a decision changed again replaced its row), and the reviewers' comments shared with it.
 * A decision the paper refuses stays held and is named.
 */
export async function releaseBatch(
  ctx: AppContext,
  releaser: PublicUser | null,
  scope: ReleaseScopeBody,
  limit = RELEASE_BATCH_SIZE,
): Promise<Omit<ReleaseBatch, 'success'>> {
  const result: Omit<ReleaseBatch, 'success'> = { released: [], skipped: [], remaining: 0 };
  const refused: string[] = [];
  try {
    while (result.released.length < limit) {
      const outcome = await ctx.db
        .transaction(async (tx) => {
          const held = await repo.claimNextHeld(tx, scope.paperIds, refused);
          if (!held) return null;
          try {
            const actor = await releaserOf(tx, releaser, held);
            if (!actor)
              throw new AppError(
                'conflict',
                'Nobody is left to release this decision: release it from the paper list.',
              );
            const paper = await changeStatusInTransaction(ctx, tx, actor, held.paperId, {
              status: held.status,
              review: held.review,
              shareReviews: held.shareReviews,
              releasing: true,
            });
            return { paper, held };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // Thrown out of the transaction so that the held row comes back.
            throw new RefusedRelease(held.paperId, error.message);
          }
        })
        .catch((error: unknown) => {
          if (!(error instanceof RefusedRelease)) throw error;
          refused.push(error.paperId);
          result.skipped.push({ _id: error.paperId, ictacemId: '', title: '', reason: error.message });
          return 'refused' as const;
        });
      if (outcome === null) break;
      if (outcome === 'refused') continue;
      const { paper, held } = outcome;
      result.released.push({
        _id: paper.id,
        ictacemId: paper.ictacemId,
        title: paper.title,
        status: held.status as 'abstract_accepted' | 'declined',
      });
    }
  } finally {
    ctx.outbox.kick();
  }
  // Named as organisers know them: the paper's ID and title, not its internal key.
  for (const skipped of result.skipped) {
    const paper = await findPaper(ctx.db, skipped._id);
    skipped.ictacemId = paper?.ictacemId ?? '';
    skipped.title = paper?.title ?? '';
  }
  result.remaining = (await heldCounts(ctx.db, scope.paperIds)).total - refused.length;
  return result;
}

class RefusedRelease extends Error {
  constructor(
    readonly paperId: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The notification date's release: once the date in force has come, every held decision is
 * released, batch after batch. Run by every process; claimNextHeld gives each decision to one.
 */
export async function releaseDueDecisions(ctx: AppContext): Promise<number> {
  if ((await currentReleaseMode(ctx.db)) !== 'on_notification_date') return 0;
  const { notification } = await currentDates(ctx);
  if (ctx.now().getTime() < new Date(notification).getTime()) return 0;
  let released = 0;
  for (;;) {
    const batch = await releaseBatch(ctx, null, {});
    released += batch.released.length;
    if (batch.released.length === 0) return released;
  }
}
