import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { feeCategories, feeSettings, paperFeeChoices } from '@server/db/schema/index.ts';

export type FeeCategoryRow = typeof feeCategories.$inferSelect;
export type FeeCategoryValues = Pick<FeeCategoryRow, 'name' | 'currency' | 'earlyBirdMinor' | 'lateMinor'>;

export function listCategories(db: DbOrTx): Promise<FeeCategoryRow[]> {
  return db.select().from(feeCategories).orderBy(asc(feeCategories.position), asc(feeCategories.createdAt));
}

export async function findCategory(db: DbOrTx, id: string): Promise<FeeCategoryRow | undefined> {
  const [row] = await db.select().from(feeCategories).where(eq(feeCategories.id, id));
  return row;
}

export async function insertCategory(
  db: DbOrTx,
  values: FeeCategoryValues,
  updatedBy: string,
): Promise<FeeCategoryRow> {
  const categories = await listCategories(db);
  const [row] = await db
    .insert(feeCategories)
    .values({ ...values, updatedBy, position: categories.length })
    .returning();
  return row!;
}

export async function updateCategory(
  db: DbOrTx,
  id: string,
  values: FeeCategoryValues,
  updatedBy: string,
): Promise<FeeCategoryRow | undefined> {
  const [row] = await db
    .update(feeCategories)
    .set({ ...values, updatedBy, updatedAt: new Date() })
    .where(eq(feeCategories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(feeCategories).where(eq(feeCategories.id, id)).returning({ id: feeCategories.id });
  return rows.length > 0;
}

export async function findSettings(db: DbOrTx) {
  const [row] = await db.select().from(feeSettings);
  return row;
}

export async function saveSettings(db: DbOrTx, fullPaperRequires: string, updatedBy: string): Promise<void> {
  await db
    .insert(feeSettings)
    .values({ id: 1, fullPaperRequires, updatedBy })
    .onConflictDoUpdate({ target: feeSettings.id, set: { fullPaperRequires, updatedBy, updatedAt: new Date() } });
}

export async function findChoice(db: DbOrTx, paperId: string): Promise<string | null> {
  const [row] = await db.select().from(paperFeeChoices).where(eq(paperFeeChoices.paperId, paperId));
  return row?.categoryId ?? null;
}

export async function saveChoice(db: DbOrTx, paperId: string, categoryId: string): Promise<void> {
  await db
    .insert(paperFeeChoices)
    .values({ paperId, categoryId })
    .onConflictDoUpdate({ target: paperFeeChoices.paperId, set: { categoryId, chosenAt: new Date() } });
}
