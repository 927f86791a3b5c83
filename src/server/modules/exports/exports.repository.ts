import { asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client.ts';
import { paperAuthors, papers, storedFiles, users } from '@server/db/schema/index.ts';
import { countPapers, countTableRows, idsOfPapers, type PaperFilter } from '../admin-dashboard/dashboard.repository.ts';

/** The ids of every paper a filter matches, in the paper list's order. */
export async function idsOfFilteredPapers(db: DbOrTx, filter: PaperFilter): Promise<string[]> {
  const matches = await countPapers(db, filter);
  return idsOfPapers(db, filter, { matches, tableRows: filter.search ? await countTableRows(db, 'papers') : 0 });
}

/** A paper's columns for an export, with its submitter; rows come back in no particular order. */
export async function papersForExport(db: DbOrTx, paperIds: string[]) {
  return db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      theme: papers.theme,
      mode: papers.modeOfPresentation,
      status: papers.status,
      paymentId: papers.paymentId,
      marks: papers.evaluationMarks,
      submittedAt: papers.submittedAt,
      fullPaperSubmittedAt: papers.fullPaperSubmittedAt,
      submitterName: users.username,
      submitterEmail: users.email,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .where(inArray(papers.id, paperIds));
}

/** The authors of these papers in their order (0 is the primary author). */
export async function authorsForExport(db: DbOrTx, paperIds: string[]) {
  return db
    .select({ paperId: paperAuthors.paperId, name: paperAuthors.name, affiliation: paperAuthors.affiliation })
    .from(paperAuthors)
    .where(inArray(paperAuthors.paperId, paperIds))
    .orderBy(asc(paperAuthors.paperId), asc(paperAuthors.position));
}

const abstractFiles = alias(storedFiles, 'abstract_files');
const fullPaperFiles = alias(storedFiles, 'full_paper_files');
const storedColumns = (file: typeof abstractFiles | typeof fullPaperFiles) => ({
  storageKey: file.storageKey,
  originalName: file.originalName,
  sizeBytes: file.sizeBytes,
  sha256: file.sha256,
});

/** Each paper's current abstract and full paper, as stored; rows in no particular order. */
export async function paperFiles(db: DbOrTx, paperIds: string[]) {
  return db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      abstract: storedColumns(abstractFiles),
      fullPaper: storedColumns(fullPaperFiles),
    })
    .from(papers)
    .leftJoin(abstractFiles, eq(abstractFiles.id, papers.abstractFileId))
    .leftJoin(fullPaperFiles, eq(fullPaperFiles.id, papers.fullPaperFileId))
    .where(inArray(papers.id, paperIds));
}

/** The accepted papers, by theme then ICTACEM ID: the Book of Abstracts' order. */
export async function acceptedPapersForBook(db: DbOrTx) {
  return db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      theme: papers.theme,
      abstractKey: storedFiles.storageKey,
      abstractSha256: storedFiles.sha256,
    })
    .from(papers)
    .leftJoin(storedFiles, eq(storedFiles.id, papers.abstractFileId))
    .where(eq(papers.status, 'abstract_accepted'))
    .orderBy(asc(papers.theme), asc(papers.ictacemId));
}

export async function countAcceptedPapers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(papers).where(eq(papers.status, 'abstract_accepted'));
  return row?.n ?? 0;
}
