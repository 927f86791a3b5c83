import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { storedFiles } from '@server/db/schema/index.ts';

/** One stored upload: where its bytes are (the store's key) and what they are. */
export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFile(db: DbOrTx, values: typeof storedFiles.$inferInsert): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFiles).values(values).returning();
  return row!;
}

export async function findStoredFile(db: DbOrTx, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

export async function deleteStoredFile(db: DbOrTx, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning();
  return row;
}
