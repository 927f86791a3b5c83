import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client.ts';
import { papers, storedFiles } from '@server/db/schema/index.ts';

/** The hashes of a paper's current abstract and full paper; undefined when there is no such paper. */
export async function findPaperFileHashes(
  db: DbOrTx,
  paperId: string,
): Promise<{ abstractSha256: string | null; fullPaperSha256: string | null } | undefined> {
  const abstractFile = alias(storedFiles, 'abstract_file');
  const fullFile = alias(storedFiles, 'full_file');
  const [row] = await db
    .select({ abstractSha256: abstractFile.sha256, fullPaperSha256: fullFile.sha256 })
    .from(papers)
    .leftJoin(abstractFile, eq(abstractFile.id, papers.abstractFileId))
    .leftJoin(fullFile, eq(fullFile.id, papers.fullPaperFileId))
    .where(eq(papers.id, paperId));
  return row;
}
