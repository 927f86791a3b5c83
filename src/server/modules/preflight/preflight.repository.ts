import { eq } from 'drizzle-orm';
import type { PageLimits, PdfFacts } from '@shared/schemas/preflight.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { pageLimitSetting, pdfPreflights } from '@server/db/schema/index.ts';

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
