import { asc, eq, inArray } from 'drizzle-orm';
import type { PageLimits, PdfFacts } from '@shared/schemas/preflight.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { pageLimitSetting, papers, pdfPreflights, storedFiles } from '@server/db/schema/index.ts';

export type PreflightRow = typeof pdfPreflights.$inferSelect;

export async function findPreflight(db: DbOrTx, sha256: string): Promise<PreflightRow | undefined> {
  const [row] = await db.select().from(pdfPreflights).where(eq(pdfPreflights.sha256, sha256));
  return row;
}

/** Keeps a result; another process that measured the same file first wins (same bytes, same facts). */
export async function savePreflight(
  db: DbOrTx,
  row: {
    sha256: string;
    checkerVersion: number;
    facts: PdfFacts;
    failure: string | null;
    verdict: string;
    durationMs: number;
  },
): Promise<void> {
  await db
    .insert(pdfPreflights)
    .values(row)
    .onConflictDoUpdate({
      target: pdfPreflights.sha256,
      set: { ...row, checkedAt: new Date() },
      // Only an older checker's result is replaced.
      setWhere: eq(pdfPreflights.checkerVersion, row.checkerVersion - 1),
    });
}

export async function findPageLimits(db: DbOrTx): Promise<PageLimits | undefined> {
  const [row] = await db.select().from(pageLimitSetting);
  return row
    ? {
        abstractMinPages: row.abstractMinPages,
        abstractMaxPages: row.abstractMaxPages,
        fullPaperMinPages: row.fullPaperMinPages,
        fullPaperMaxPages: row.fullPaperMaxPages,
      }
    : undefined;
}

export async function savePageLimits(db: DbOrTx, limits: PageLimits, updatedBy: string): Promise<void> {
  await db
    .insert(pageLimitSetting)
    .values({ id: 1, ...limits, updatedBy })
    .onConflictDoUpdate({ target: pageLimitSetting.id, set: { ...limits, updatedBy, updatedAt: new Date() } });
}

/** The stored results of several files at once (by hash). */
export async function findPreflights(db: DbOrTx, hashes: string[]): Promise<Map<string, PreflightRow>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select()
    .from(pdfPreflights)
    .where(inArray(pdfPreflights.sha256, [...new Set(hashes)]));
  return new Map(rows.map((row) => [row.sha256, row]));
}

/** The accepted papers' abstracts (the Book of Abstracts), with their files' hashes. */
export async function acceptedAbstractHashes(db: DbOrTx) {
  return db
    .select({ ictacemId: papers.ictacemId, title: papers.title, sha256: storedFiles.sha256 })
    .from(papers)
    .innerJoin(storedFiles, eq(storedFiles.id, papers.abstractFileId))
    .where(eq(papers.status, 'abstract_accepted'))
    .orderBy(asc(papers.ictacemId));
}
