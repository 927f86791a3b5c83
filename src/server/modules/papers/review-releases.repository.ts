import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { reviewReleases } from '@server/db/schema/index.ts';

/**
 * Whether a decided paper's reviewers' comments are shared with its author. Written with the
 * decision (the status change's "Share reviewers' comments with the author") or on its own
 * afterwards (the reviews module), so it lives beside the paper's status.
 */
export async function findRelease(db: DbOrTx, paperId: string) {
  const [row] = await db.select().from(reviewReleases).where(eq(reviewReleases.paperId, paperId));
  return row;
}

export async function insertRelease(db: DbOrTx, paperId: string, releasedBy: string): Promise<void> {
  await db.insert(reviewReleases).values({ paperId, releasedBy }).onConflictDoNothing();
}

/** Shares the paper's reviews when a submitted one has comments for the authors; whether it did. */
export async function releaseCommentedReviews(db: DbOrTx, paperId: string, releasedBy: string): Promise<boolean> {
  const released = await db.execute(sql`insert into ${reviewReleases} (paper_id, released_by)
    select ${paperId}, ${releasedBy} where exists (select 1 from committee_reviews r
      where r.paper_id = ${paperId} and r.submitted_at is not null and btrim(r.comments_to_authors) <> '')
    on conflict (paper_id) do nothing returning paper_id`);
  return (released as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function deleteRelease(db: DbOrTx, paperId: string): Promise<void> {
  await db.delete(reviewReleases).where(eq(reviewReleases.paperId, paperId));
}
