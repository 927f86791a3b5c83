import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { papers, users } from '@server/db/schema/index.ts';

/** What a bulk action fills its placeholders with, for each of the papers that still exist. */
export async function findPapersWithSubmitters(db: DbOrTx, paperIds: string[]) {
  return db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      paymentId: papers.paymentId,
      submitterName: users.username,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .where(inArray(papers.id, paperIds));
}
