import type { ReviewMode } from '@shared/domain/review-mode.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { reviewModeSetting } from '@server/db/schema/index.ts';

export async function findReviewModeSetting(db: DbOrTx) {
  const [row] = await db.select().from(reviewModeSetting);
  return row;
}

export async function saveReviewMode(db: DbOrTx, mode: ReviewMode, updatedBy: string): Promise<void> {
  await db
    .insert(reviewModeSetting)
    .values({ id: 1, mode, updatedBy })
    .onConflictDoUpdate({ target: reviewModeSetting.id, set: { mode, updatedBy, updatedAt: new Date() } });
}
