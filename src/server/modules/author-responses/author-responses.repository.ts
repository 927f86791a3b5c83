import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { authorResponses, users } from '@server/db/schema/index.ts';

export type ResponseRow = typeof authorResponses.$inferSelect;

/** The paper's latest round; with `lock`, held until the transaction ends (two tabs take turns). */
export async function findLatestRound(db: DbOrTx, paperId: string, lock = false): Promise<ResponseRow | undefined> {
  const query = db
    .select()
    .from(authorResponses)
    .where(eq(authorResponses.paperId, paperId))
    .orderBy(desc(authorResponses.round))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every round of the paper, newest first, with who reopened it. */
export function findRounds(db: DbOrTx, paperId: string) {
  return db
    .select({ response: authorResponses, reopenedBy: users.username })
    .from(authorResponses)
    .leftJoin(users, eq(users.id, authorResponses.reopenedBy))
    .where(eq(authorResponses.paperId, paperId))
    .orderBy(desc(authorResponses.round));
}

export async function findRound(db: DbOrTx, paperId: string, responseId: string): Promise<ResponseRow | undefined> {
  const [row] = await db.select().from(authorResponses).where(eq(authorResponses.id, responseId));
  return row?.paperId === paperId ? row : undefined;
}

export async function insertRound(
  db: DbOrTx,
  values: Omit<typeof authorResponses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<ResponseRow> {
  const [row] = await db.insert(authorResponses).values(values).returning();
  return row!;
}

export async function updateRound(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<typeof authorResponses.$inferInsert, 'id' | 'paperId' | 'round' | 'createdAt'>>,
): Promise<ResponseRow> {
  const [row] = await db
    .update(authorResponses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(authorResponses.id, id))
    .returning();
  return row!;
}
