import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { PLACEHOLDER_PAYMENT_ID } from '@shared/constants.ts';
import type { PaymentState } from '@shared/domain/fees.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { feeCategories, paperFeeChoices, papers, paymentDecisions, users } from '@server/db/schema/index.ts';

export type PaymentDecisionRow = typeof paymentDecisions.$inferSelect;

export async function findDecisionsOfPaper(db: DbOrTx, paperId: string): Promise<PaymentDecisionRow[]> {
  return db
    .select()
    .from(paymentDecisions)
    .where(eq(paymentDecisions.paperId, paperId))
    .orderBy(asc(paymentDecisions.decidedAt), asc(paymentDecisions.id));
}

export async function findConfirmation(db: DbOrTx, paperId: string): Promise<PaymentDecisionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentDecisions)
    .where(and(eq(paymentDecisions.paperId, paperId), eq(paymentDecisions.state, 'confirmed')));
  return row;
}

export async function paymentIdConfirmedForAnotherPaper(db: DbOrTx, paymentId: string, paperId: string) {
  const [row] = await db
    .select({ paperId: paymentDecisions.paperId })
    .from(paymentDecisions)
    .where(and(eq(paymentDecisions.paymentId, paymentId), eq(paymentDecisions.state, 'confirmed')));
  return row !== undefined && row.paperId !== paperId;
}

export interface ConfirmationValues {
  paperId: string;
  paymentId: string;
  receivedOn: string;
  amountMinor: number;
  currency: string;
  rate: string;
  source: string;
  payerName?: string | null;
  decidedBy: string;
  decidedAt: Date;
}

/** The receipt number is the sequence's next: never given twice. */
export async function insertConfirmation(db: DbOrTx, values: ConfirmationValues): Promise<PaymentDecisionRow> {
  const [row] = await db
    .insert(paymentDecisions)
    .values({ ...values, state: 'confirmed', receiptNumber: sql`nextval('payment_receipt_number_seq')` })
    .returning();
  return row!;
}

export async function insertRejection(
  db: DbOrTx,
  values: { paperId: string; paymentId: string; reason: string; decidedBy: string; decidedAt: Date },
): Promise<PaymentDecisionRow> {
  const [row] = await db
    .insert(paymentDecisions)
    .values({ ...values, state: 'rejected' })
    .returning();
  return row!;
}

/** A paper's payment state in SQL, as `paymentStateOf` decides it in code. */
// Written with the table's name: inside the subquery an unqualified "id" would be the decision's.
const STATE = sql<PaymentState>`case
  when exists (select 1 from payment_decisions d where d.paper_id = "papers"."id" and d.state = 'confirmed') then 'confirmed'
  when "papers"."payment_id" <> '' and "papers"."payment_id" <> ${PLACEHOLDER_PAYMENT_ID} then 'entered'
  else 'unpaid' end`;

export async function countByState(db: DbOrTx): Promise<Record<PaymentState, number>> {
  const rows = await db
    .select({ state: STATE, count: sql<number>`count(*)::int` })
    .from(papers)
    .groupBy(sql`1`);
  const counts = { confirmed: 0, entered: 0, unpaid: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

export async function listPapersWithPayments(db: DbOrTx, state: PaymentState | undefined) {
  return db
    .select({
      paper: {
        id: papers.id,
        ictacemId: papers.ictacemId,
        title: papers.title,
        status: papers.status,
        paymentId: papers.paymentId,
      },
      authorName: users.username,
      state: STATE,
      categoryId: paperFeeChoices.categoryId,
      categoryName: feeCategories.name,
      categoryCurrency: feeCategories.currency,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .leftJoin(paperFeeChoices, eq(paperFeeChoices.paperId, papers.id))
    .leftJoin(feeCategories, eq(feeCategories.id, paperFeeChoices.categoryId))
    .where(state ? sql`${STATE} = ${state}` : undefined)
    .orderBy(desc(papers.submittedAt), asc(papers.id));
}

export async function findDecisionsOfPapers(db: DbOrTx, paperIds: string[]): Promise<PaymentDecisionRow[]> {
  if (paperIds.length === 0) return [];
  return db
    .select()
    .from(paymentDecisions)
    .where(inArray(paymentDecisions.paperId, paperIds))
    .orderBy(asc(paymentDecisions.decidedAt), asc(paymentDecisions.id));
}
