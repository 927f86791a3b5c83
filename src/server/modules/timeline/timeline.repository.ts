import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { auditLog, users } from '@server/db/schema/index.ts';

/** Every recorded step of a paper in the order it happened, with the name of who took it. */
export async function findTimelineOfPaper(db: DbOrTx, paperId: string) {
  return db
    .select({ entry: auditLog, actorName: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.paperId, paperId))
    .orderBy(asc(auditLog.seq));
}

export type TimelineRow = Awaited<ReturnType<typeof findTimelineOfPaper>>[number];
