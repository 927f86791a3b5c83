import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PreferenceBid } from '@shared/domain/bidding.ts';
import { BIDDABLE_STATUSES } from '@shared/domain/bidding.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { committeeBids, papers } from '@server/db/schema/index.ts';

/** The papers still being decided, newest first: only what a bid is made on. */
export function findBiddablePapers(db: DbOrTx) {
  return db
    .select({ id: papers.id, title: papers.title, theme: papers.theme })
    .from(papers)
    .where(inArray(papers.status, [...BIDDABLE_STATUSES]))
    .orderBy(desc(papers.submittedAt), asc(papers.id));
}

export async function findBiddablePaper(db: DbOrTx, paperId: string) {
  const [row] = await db
    .select({ id: papers.id, title: papers.title, theme: papers.theme })
    .from(papers)
    .where(and(eq(papers.id, paperId), inArray(papers.status, [...BIDDABLE_STATUSES])));
  return row;
}

export async function findBidsOfMember(db: DbOrTx, memberId: string): Promise<Map<string, PreferenceBid>> {
  const rows = await db
    .select({ paperId: committeeBids.paperId, bid: committeeBids.bid })
    .from(committeeBids)
    .where(eq(committeeBids.memberId, memberId));
  return new Map(rows.map((row) => [row.paperId, row.bid]));
}

export async function saveBid(db: DbOrTx, memberId: string, paperId: string, bid: PreferenceBid): Promise<void> {
  await db
    .insert(committeeBids)
    .values({ memberId, paperId, bid })
    .onConflictDoUpdate({
      target: [committeeBids.memberId, committeeBids.paperId],
      set: { bid, updatedAt: new Date() },
    });
}

export async function deleteBid(db: DbOrTx, memberId: string, paperId: string): Promise<void> {
  await db.delete(committeeBids).where(and(eq(committeeBids.memberId, memberId), eq(committeeBids.paperId, paperId)));
}
