import { type ReviewMode, REVIEW_MODE_TEXTS } from '@shared/domain/review-mode.ts';
import { type SetReviewModeBody, setReviewModeBodySchema } from '@shared/schemas/review-mode.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { findReviewModeSetting, saveReviewMode } from './review-mode.repository.ts';

/** Read on every request that depends on it (one row): every process sees a change at once. */
export async function currentReviewMode(db: DbOrTx): Promise<ReviewMode> {
  return (await findReviewModeSetting(db))?.mode ?? 'single_blind';
}

export async function setReviewMode(ctx: Pick<AppContext, 'db'>, actor: PublicUser, input: SetReviewModeBody) {
  const { reviewMode } = setReviewModeBodySchema.parse(input);
  await saveReviewMode(ctx.db, reviewMode, actor._id);
  return { message: REVIEW_MODE_TEXTS.saved(reviewMode), reviewMode };
}
