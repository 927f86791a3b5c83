import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { letters, papers, paymentDecisions, users } from '@server/db/schema/index.ts';
import { literalRows } from '@server/db/literal-values.ts';
import type { LetterRow } from '../letters/letters.repository.ts';

/** What a receipt prints of a confirmed payment, its paper and the account that entered the ID. */
const confirmedPayment = {
  paperId: papers.id,
  userId: papers.userId,
  ictacemId: papers.ictacemId,
  title: papers.title,
  accountName: users.username,
  paymentId: paymentDecisions.paymentId,
  receivedOn: paymentDecisions.receivedOn,
  amountMinor: paymentDecisions.amountMinor,
  currency: paymentDecisions.currency,
  rate: paymentDecisions.rate,
  payerName: paymentDecisions.payerName,
  receiptNumber: paymentDecisions.receiptNumber,
};

function selectConfirmedPayments(db: DbOrTx) {
  return db
    .select(confirmedPayment)
    .from(paymentDecisions)
    .innerJoin(papers, eq(papers.id, paymentDecisions.paperId))
    .innerJoin(users, eq(users.id, papers.userId))
    .$dynamic();
}

export type ConfirmedPayment = NonNullable<Awaited<ReturnType<typeof findConfirmedPayment>>>;

export async function findConfirmedPayment(db: DbOrTx, paperId: string) {
  const [row] = await selectConfirmedPayments(db).where(
    and(eq(paymentDecisions.state, 'confirmed'), eq(paymentDecisions.paperId, paperId)),
  );
  return row;
}

/** Confirmed payments by receipt number, `limit` after `afterNumber`: the ZIP reads them batch by batch. */
export async function findConfirmedPaymentsAfter(db: DbOrTx, afterNumber: number, limit: number) {
  return selectConfirmedPayments(db)
    .where(and(eq(paymentDecisions.state, 'confirmed'), gt(paymentDecisions.receiptNumber, afterNumber)))
    .orderBy(asc(paymentDecisions.receiptNumber))
    .limit(literalRows(limit));
}

export async function countConfirmedPayments(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentDecisions)
    .where(eq(paymentDecisions.state, 'confirmed'));
  return Number(row?.count ?? 0);
}

const receiptNumberOf = sql<string>`${letters.details} ->> 'receiptNumber'`;

export async function findReceipts(db: DbOrTx, receiptNumbers: number[]): Promise<LetterRow[]> {
  if (receiptNumbers.length === 0) return [];
  return db
    .select()
    .from(letters)
    .where(and(eq(letters.kind, 'receipt'), inArray(receiptNumberOf, receiptNumbers.map(String))));
}
