import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminFiles, auditLog, paperAuthors, papers, storedFiles, submissionVersions, users } from '../../db/schema/index.ts';
import type { SubmissionKind } from '../../../shared/constants.ts';

export type PaperRow = typeof papers.$inferSelect;
export type AuthorRow = typeof paperAuthors.$inferSelect;
export type AdminFileRow = typeof adminFiles.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function countPapersOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(papers).where(eq(papers.userId, userId));
  return row?.n ?? 0;
}

/** Serialises concurrent submissions of one user: the second waits for the first to commit. */
export async function lockUser(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function findPaper(db: DbOrTx, id: string): Promise<PaperRow | undefined> {
  const [row] = await db.select().from(papers).where(eq(papers.id, id)).limit(1);
  return row;
}

export async function findPapersOfUser(db: DbOrTx, userId: string): Promise<PaperRow[]> {
  return db.select().from(papers).where(eq(papers.userId, userId)).orderBy(desc(papers.submittedAt));
}

export async function insertPaper(db: DbOrTx, values: typeof papers.$inferInsert): Promise<PaperRow> {
  const [row] = await db.insert(papers).values(values).returning();
  return row!;
}

export async function insertAuthors(db: DbOrTx, paperId: string, authors: { name: string; affiliation: string; address: string }[]): Promise<void> {
  await db.insert(paperAuthors).values(authors.map((a, position) => ({ paperId, position, ...a })));
}

export async function findAuthorsOfPapers(db: DbOrTx, paperIds: string[]): Promise<AuthorRow[]> {
  if (paperIds.length === 0) return [];
  return db.select().from(paperAuthors).where(inArray(paperAuthors.paperId, paperIds)).orderBy(asc(paperAuthors.position));
}

export async function findAdminFilesOfPapers(db: DbOrTx, paperIds: string[], onlyVisible: boolean): Promise<AdminFileRow[]> {
  if (paperIds.length === 0) return [];
  const scope = inArray(adminFiles.paperId, paperIds);
  return db
    .select()
    .from(adminFiles)
    .where(onlyVisible ? and(scope, eq(adminFiles.visibleToUser, true)) : scope)
    .orderBy(desc(adminFiles.uploadedAt));
}

export async function findAdminFile(db: DbOrTx, paperId: string, fileId: string) {
  const [row] = await db
    .select({ file: adminFiles, stored: storedFiles })
    .from(adminFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, adminFiles.fileId))
    .where(and(eq(adminFiles.id, fileId), eq(adminFiles.paperId, paperId)))
    .limit(1);
  return row;
}

export async function insertStoredFile(db: DbOrTx, values: typeof storedFiles.$inferInsert): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFiles).values(values).returning();
  return row!;
}

export async function findStoredFile(db: DbOrTx, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

/** Adds the next version of a submission as current; the previous current one is superseded. */
export async function addSubmissionVersion(
  db: DbOrTx,
  values: { paperId: string; kind: SubmissionKind; fileId: string; fileName: string },
): Promise<number> {
  await db
    .update(submissionVersions)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(submissionVersions.paperId, values.paperId),
        eq(submissionVersions.kind, values.kind),
        eq(submissionVersions.status, 'current'),
      ),
    );
  const [latest] = await db
    .select({ version: max(submissionVersions.version) })
    .from(submissionVersions)
    .where(and(eq(submissionVersions.paperId, values.paperId), eq(submissionVersions.kind, values.kind)));
  const version = (latest?.version ?? 0) + 1;
  await db.insert(submissionVersions).values({ ...values, version, status: 'current' });
  return version;
}

/** Conditional update: returns the row only when `condition` still held, so races cannot slip through. */
export async function updatePaperWhere(
  db: DbOrTx,
  id: string,
  condition: ReturnType<typeof and>,
  values: Partial<typeof papers.$inferInsert>,
): Promise<PaperRow | undefined> {
  const [row] = await db
    .update(papers)
    .set({ ...values, updatedAt: new Date(), version: sql`${papers.version} + 1` })
    .where(and(eq(papers.id, id), condition))
    .returning();
  return row;
}

export async function insertAuditEntry(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}
