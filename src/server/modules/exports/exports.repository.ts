import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paperAuthors, papers, users } from '../../db/schema/index.ts';
import { countPapers, idsOfPapers, type PaperFilter } from '../admin-dashboard/dashboard.repository.ts';

/** The ids of every paper a filter matches, in the paper list's order. */
export async function idsOfFilteredPapers(db: DbOrTx, filter: PaperFilter): Promise<string[]> {
  return idsOfPapers(db, filter, await countPapers(db, filter));
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
