import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { PLACEHOLDER_PAYMENT_ID } from '@shared/constants.ts';
import type { ColumnMapping, RowResolution } from '@shared/domain/payment-statements.ts';
import type { DbOrTx } from '@server/db/client.ts';
import {
  feeCategories,
  paperFeeChoices,
  papers,
  paymentDecisions,
  paymentStatementMappings,
  paymentStatementRows,
  paymentStatements,
} from '@server/db/schema/index.ts';
import type { ReadRow } from './statement-reader.ts';

export type StatementRecord = typeof paymentStatements.$inferSelect;
export type StatementRowRecord = typeof paymentStatementRows.$inferSelect;

export async function findMapping(db: DbOrTx): Promise<ColumnMapping | null> {
  const [row] = await db.select().from(paymentStatementMappings);
  if (!row) return null;
  return {
    paymentId: row.paymentIdColumn,
    amount: row.amountColumn,
    currency: row.currencyColumn,
    receivedOn: row.receivedOnColumn,
    payerName: row.payerNameColumn,
    decimalSeparator: row.decimalSeparator as ColumnMapping['decimalSeparator'],
    dateFormat: row.dateFormat as ColumnMapping['dateFormat'],
    defaultCurrency: row.defaultCurrency as ColumnMapping['defaultCurrency'],
  };
}

export async function saveMapping(db: DbOrTx, mapping: ColumnMapping, actorId: string): Promise<void> {
  const values = {
    paymentIdColumn: mapping.paymentId,
    amountColumn: mapping.amount,
    currencyColumn: mapping.currency,
    receivedOnColumn: mapping.receivedOn,
    payerNameColumn: mapping.payerName,
    decimalSeparator: mapping.decimalSeparator,
    dateFormat: mapping.dateFormat,
    defaultCurrency: mapping.defaultCurrency,
    updatedBy: actorId,
    updatedAt: new Date(),
  };
  await db
    .insert(paymentStatementMappings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: paymentStatementMappings.id, set: values });
}

export async function findStatementByContent(db: DbOrTx, contentHash: string, readingKey: string) {
  const [row] = await db
    .select()
    .from(paymentStatements)
    .where(and(eq(paymentStatements.contentHash, contentHash), eq(paymentStatements.readingKey, readingKey)));
  return row;
}

export async function findStatement(db: DbOrTx, id: string): Promise<StatementRecord | undefined> {
  const [row] = await db.select().from(paymentStatements).where(eq(paymentStatements.id, id));
  return row;
}

export async function listStatements(db: DbOrTx) {
  return db
    .select({
      statement: paymentStatements,
      rowCount: sql<number>`(select count(*)::int from payment_statement_rows r where r.statement_id = ${paymentStatements.id})`,
    })
    .from(paymentStatements)
    .orderBy(desc(paymentStatements.importedAt), asc(paymentStatements.id));
}

const INSERT_BATCH = 1000;

export async function insertStatement(
  db: DbOrTx,
  values: typeof paymentStatements.$inferInsert,
  rows: ReadRow[],
): Promise<StatementRecord> {
  const [statement] = await db.insert(paymentStatements).values(values).returning();
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db.insert(paymentStatementRows).values(
      rows.slice(start, start + INSERT_BATCH).map((row, offset) => ({
        statementId: statement!.id,
        position: start + offset,
        line: row.line,
        paymentId: row.paymentId,
        otherReferences: row.otherReferences,
        amountMinor: row.amountMinor,
        currency: row.currency,
        receivedOn: row.receivedOn,
        payerName: row.payerName,
        problem: row.problem,
      })),
    );
  }
  return statement!;
}

export async function rowsOf(db: DbOrTx, statementId: string): Promise<StatementRowRecord[]> {
  return db
    .select()
    .from(paymentStatementRows)
    .where(eq(paymentStatementRows.statementId, statementId))
    .orderBy(asc(paymentStatementRows.position));
}

/** Marks a row resolved, once: false when someone resolved it first. */
export async function resolveRow(
  db: DbOrTx,
  rowId: string,
  values: {
    resolution: RowResolution;
    resolvedPaperId: string | null;
    note: string | null;
    resolvedBy: string;
    resolvedAt: Date;
  },
): Promise<boolean> {
  const updated = await db
    .update(paymentStatementRows)
    .set(values)
    .where(and(eq(paymentStatementRows.id, rowId), isNull(paymentStatementRows.resolution)))
    .returning({ id: paymentStatementRows.id });
  return updated.length > 0;
}

/**
 * Every paper with a payment ID (not the placeholder), with its fee category and its
 * confirmation if any: what a statement's rows are matched against.
 */
export async function papersWithPaymentIds(db: DbOrTx) {
  return db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      paymentId: papers.paymentId,
      categoryName: feeCategories.name,
      categoryCurrency: feeCategories.currency,
      earlyBirdMinor: feeCategories.earlyBirdMinor,
      lateMinor: feeCategories.lateMinor,
      confirmedOn: paymentDecisions.receivedOn,
      confirmedSource: paymentDecisions.source,
    })
    .from(papers)
    .leftJoin(paperFeeChoices, eq(paperFeeChoices.paperId, papers.id))
    .leftJoin(feeCategories, eq(feeCategories.id, paperFeeChoices.categoryId))
    .leftJoin(paymentDecisions, and(eq(paymentDecisions.paperId, papers.id), eq(paymentDecisions.state, 'confirmed')))
    .where(and(ne(papers.paymentId, ''), ne(papers.paymentId, PLACEHOLDER_PAYMENT_ID)))
    .orderBy(asc(papers.ictacemId));
}
export type PaperForMatching = Awaited<ReturnType<typeof papersWithPaymentIds>>[number];
