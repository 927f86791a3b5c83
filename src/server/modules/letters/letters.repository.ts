import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { letters, paperAuthors, papers, paymentDecisions, users } from '@server/db/schema/index.ts';
import { literalRows } from '@server/db/literal-values.ts';

export type LetterRow = typeof letters.$inferSelect;
export type LetterInsert = typeof letters.$inferInsert;

/** What an acceptance letter prints about a paper: its first author (position 0) and the submitting account. */
const paperForLetter = {
  id: papers.id,
  userId: papers.userId,
  ictacemId: papers.ictacemId,
  title: papers.title,
  status: papers.status,
  reviewedAt: papers.reviewedAt,
  paymentId: papers.paymentId,
  accountName: users.username,
  firstAuthorName: paperAuthors.name,
  firstAuthorAffiliation: paperAuthors.affiliation,
};

function selectPapersForLetters(db: DbOrTx) {
  return db
    .select(paperForLetter)
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .leftJoin(paperAuthors, and(eq(paperAuthors.paperId, papers.id), eq(paperAuthors.position, 0)));
}

export type PaperForLetter = NonNullable<Awaited<ReturnType<typeof findPaperForLetter>>>;

export async function findPaperForLetter(db: DbOrTx, paperId: string) {
  const [row] = await selectPapersForLetters(db).where(eq(papers.id, paperId));
  return row;
}

/** Accepted papers in id order, `limit` after `afterId`: the ZIP of acceptance letters reads them batch by batch. */
export async function findAcceptedPapersAfter(db: DbOrTx, afterId: string | null, limit: number) {
  const accepted = eq(papers.status, 'abstract_accepted');
  return selectPapersForLetters(db)
    .where(afterId ? and(accepted, gt(papers.id, afterId)) : accepted)
    .orderBy(asc(papers.id))
    .limit(literalRows(limit));
}

export async function findAcceptanceLetters(db: DbOrTx, paperIds: string[]): Promise<LetterRow[]> {
  if (paperIds.length === 0) return [];
  return db
    .select()
    .from(letters)
    .where(and(eq(letters.kind, 'acceptance'), inArray(letters.paperId, paperIds)));
}

/**
 * Inserts the letter unless a unique index already holds one like it (a paper's acceptance
 * letter issued by a concurrent download): then nothing, and the caller reads the one that won.
 */
export async function insertLetterIfAbsent(db: DbOrTx, values: LetterInsert): Promise<LetterRow | undefined> {
  const [row] = await db.insert(letters).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLetterOfPaper(
  db: DbOrTx,
  paperId: string,
  kind: LetterRow['kind'],
  letterId?: string,
): Promise<LetterRow | undefined> {
  const [row] = await db
    .select()
    .from(letters)
    .where(and(eq(letters.paperId, paperId), eq(letters.kind, kind), letterId ? eq(letters.id, letterId) : undefined))
    .limit(1);
  return row;
}

/** The letter with that code and the status of its paper now (null once the paper is removed). */
export async function findLetterByCode(db: DbOrTx, verificationCode: string) {
  const [row] = await db
    .select({ letter: letters, paperStatus: papers.status })
    .from(letters)
    .leftJoin(papers, eq(papers.id, letters.paperId))
    .where(eq(letters.verificationCode, verificationCode));
  return row;
}

/**
 * Whether the confirmation a receipt was issued for still stands: the paper still has that
 * confirmed row, still carries its payment ID, and no decision on the paper came after it (a
 * rejection, were a confirmation ever reversed). Read from the payments tables, so that letters
 * need not import the receipts module that builds on them.
 */
export async function receiptStands(db: DbOrTx, paperId: string, receiptNumber: number): Promise<boolean> {
  const [latest] = await db
    .select({
      receiptNumber: paymentDecisions.receiptNumber,
      state: paymentDecisions.state,
      stillEntered: sql<boolean>`${papers.paymentId} = ${paymentDecisions.paymentId}`,
    })
    .from(paymentDecisions)
    .innerJoin(papers, eq(papers.id, paymentDecisions.paperId))
    .where(eq(paymentDecisions.paperId, paperId))
    .orderBy(desc(paymentDecisions.decidedAt), desc(paymentDecisions.id))
    .limit(1);
  return latest?.state === 'confirmed' && latest.receiptNumber === receiptNumber && latest.stillEntered;
}
