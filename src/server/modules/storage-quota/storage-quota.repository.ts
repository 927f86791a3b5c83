import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { storedFiles } from '@server/db/schema/index.ts';

/** Bytes of every file this account uploaded, every version kept (read from stored_files_uploaded_by_size_idx). */
export async function bytesUploadedBy(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)` })
    .from(storedFiles)
    .where(eq(storedFiles.uploadedBy, userId));
  return Number(row?.bytes ?? 0);
}
