import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VisaRequestStatus } from '@shared/domain/letters.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { papers, users, visaRequests } from '@server/db/schema/index.ts';
import { readTogether } from '@server/db/read-together.ts';
import { literalRows } from '@server/db/literal-values.ts';

export type VisaRequestRow = typeof visaRequests.$inferSelect;

/**
 * The request, or nothing when the paper already has one pending (the unique index decides, so
 * two requests sent at once cannot both wait).
 */
export async function insertVisaRequestUnlessPending(
  db: DbOrTx,
  values: typeof visaRequests.$inferInsert,
): Promise<VisaRequestRow | undefined> {
  const [row] = await db.insert(visaRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function hasPendingVisaRequest(db: DbOrTx, paperId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: visaRequests.id })
    .from(visaRequests)
    .where(and(eq(visaRequests.paperId, paperId), eq(visaRequests.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** A paper's requests, newest first. */
export async function findVisaRequestsOfPaper(db: DbOrTx, paperId: string): Promise<VisaRequestRow[]> {
  return db
    .select()
    .from(visaRequests)
    .where(eq(visaRequests.paperId, paperId))
    .orderBy(desc(visaRequests.createdAt), desc(visaRequests.id));
}

/** Held to the end of the transaction: two admins deciding the same request run one after the other. */
export async function findVisaRequestForUpdate(db: DbOrTx, id: string): Promise<VisaRequestRow | undefined> {
  const [row] = await db.select().from(visaRequests).where(eq(visaRequests.id, id)).for('update');
  return row;
}

export async function recordVisaDecision(
  db: DbOrTx,
  id: string,
  decision: Pick<VisaRequestRow, 'status' | 'adminNote' | 'reviewedBy' | 'reviewedAt' | 'letterId'>,
): Promise<void> {
  await db.update(visaRequests).set(decision).where(eq(visaRequests.id, id));
}

const reviewer = alias(users, 'reviewer');

function selectAdminRows(db: DbOrTx) {
  return db
    .select({
      request: visaRequests,
      paper: { _id: papers.id, ictacemId: papers.ictacemId, title: papers.title },
      author: { _id: users.id, name: users.username, email: users.email },
      decidedBy: reviewer.username,
    })
    .from(visaRequests)
    .leftJoin(papers, eq(papers.id, visaRequests.paperId))
    .leftJoin(users, eq(users.id, visaRequests.userId))
    .leftJoin(reviewer, eq(reviewer.id, visaRequests.reviewedBy));
}

export type AdminVisaRequestRow = Awaited<ReturnType<typeof listAdminVisaRequests>>['rows'][number];

export async function findAdminVisaRequest(db: DbOrTx, id: string): Promise<AdminVisaRequestRow | undefined> {
  const [row] = await selectAdminRows(db).where(eq(visaRequests.id, id));
  return row;
}

/** Pending first, the longest waiting at the top; then the decided ones, latest decision first. */
export async function listAdminVisaRequests(
  db: DbOrTx,
  filter: { status?: VisaRequestStatus; offset: number; limit: number },
) {
  const where = filter.status ? eq(visaRequests.status, filter.status) : undefined;
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectAdminRows(db)
        .where(where)
        .orderBy(
          sql`${visaRequests.status} <> 'pending'`,
          sql`case when ${visaRequests.status} = 'pending' then ${visaRequests.createdAt} end asc`,
          desc(visaRequests.reviewedAt),
          asc(visaRequests.id),
        )
        .offset(literalRows(filter.offset))
        .limit(literalRows(filter.limit)),
    () => db.select({ n: count() }).from(visaRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
