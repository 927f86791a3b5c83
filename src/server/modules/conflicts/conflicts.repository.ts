import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PaperStatus } from '@shared/constants.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { groupBy } from '@server/lib/group-by.ts';
import { committeeMembers, conflictRecords, paperAuthors, papers, users } from '@server/db/schema/index.ts';
import type { MemberProfile, PaperProfile } from './conflict-rules.ts';
import { nameKey } from './conflict-rules.ts';

export type ConflictRecordRow = typeof conflictRecords.$inferSelect;

/** Members and invitees still in the committee (an invitee may yet accept). */
const IN_COMMITTEE = inArray(committeeMembers.status, ['invited', 'accepted']);

/** The committee, or only the one member asked for. */
export async function findCommitteeForConflicts(db: DbOrTx, memberId?: string) {
  return db
    .select({
      memberId: committeeMembers.id,
      userId: committeeMembers.userId,
      name: committeeMembers.name,
      email: committeeMembers.email,
      affiliation: committeeMembers.affiliation,
      status: committeeMembers.status,
      accountName: users.username,
      accountEmail: users.email,
    })
    .from(committeeMembers)
    .leftJoin(users, eq(users.id, committeeMembers.userId))
    .where(memberId ? and(IN_COMMITTEE, eq(committeeMembers.id, memberId)) : IN_COMMITTEE)
    .orderBy(asc(committeeMembers.name), asc(committeeMembers.id));
}

export type CommitteeForConflicts = Awaited<ReturnType<typeof findCommitteeForConflicts>>;

/**
 * What ties each member to authors: their names, addresses and affiliations, and the authors of
 * the paper they submitted themselves (its co-authors, and the member's own affiliation as written there).
 */
export async function findMemberProfiles(db: DbOrTx, committee: CommitteeForConflicts): Promise<MemberProfile[]> {
  const userIds = committee.flatMap((member) => (member.userId ? [member.userId] : []));
  const ownAuthors =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: papers.userId, name: paperAuthors.name, affiliation: paperAuthors.affiliation })
          .from(papers)
          .innerJoin(paperAuthors, eq(paperAuthors.paperId, papers.id))
          .where(inArray(papers.userId, userIds))
          .orderBy(asc(paperAuthors.position));
  return committee.map((member) => {
    const names = [member.name, ...(member.accountName ? [member.accountName] : [])];
    const own = ownAuthors.filter((author) => author.userId === member.userId);
    const ownKeys = new Set(names.map(nameKey));
    const asAuthor = own.filter((author) => ownKeys.has(nameKey(author.name)));
    return {
      memberId: member.memberId,
      userId: member.userId,
      names,
      emails: [member.email, ...(member.accountEmail ? [member.accountEmail] : [])],
      affiliations: [
        member.affiliation,
        ...(asAuthor.length > 0 ? asAuthor : own.slice(0, 1)).map((a) => a.affiliation),
      ],
      coAuthorNames: own.filter((author) => !ownKeys.has(nameKey(author.name))).map((author) => author.name),
    };
  });
}

export async function findPaperProfile(db: DbOrTx, paperId: string): Promise<PaperProfile | undefined> {
  const [paper] = await db
    .select({ paperId: papers.id, submitterId: papers.userId, submitterEmail: users.email })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .where(eq(papers.id, paperId));
  if (!paper) return undefined;
  const authors = await db
    .select({ name: paperAuthors.name, affiliation: paperAuthors.affiliation, address: paperAuthors.address })
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paperId))
    .orderBy(asc(paperAuthors.position));
  return { ...paper, authors };
}

/** Every record of the paper, current and ended, oldest first, with who made and ended it. */
export async function findConflictRecordsOfPaper(db: DbOrTx, paperId: string) {
  return db
    .select()
    .from(conflictRecords)
    .where(eq(conflictRecords.paperId, paperId))
    .orderBy(asc(conflictRecords.recordedAt), asc(conflictRecords.id));
}

/** The record in force for a member and a paper, locked until the transaction ends. */
export async function lockCurrentRecord(
  db: DbOrTx,
  memberId: string,
  paperId: string,
): Promise<ConflictRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(conflictRecords)
    .where(
      and(
        eq(conflictRecords.memberId, memberId),
        eq(conflictRecords.paperId, paperId),
        isNull(conflictRecords.endedAt),
      ),
    )
    .for('update');
  return row;
}

/** Nothing when another record for the pair was added first (the partial unique index). */
export async function insertConflictRecord(
  db: DbOrTx,
  values: typeof conflictRecords.$inferInsert,
): Promise<ConflictRecordRow | undefined> {
  const [row] = await db.insert(conflictRecords).values(values).onConflictDoNothing().returning();
  return row;
}

export async function endConflictRecord(db: DbOrTx, recordId: string, endedBy: string): Promise<void> {
  await db
    .update(conflictRecords)
    .set({ endedBy, endedAt: new Date() })
    .where(and(eq(conflictRecords.id, recordId), isNull(conflictRecords.endedAt)));
}

/** Names of members, removed ones included: the history names whoever a record was about. */
export async function findMemberNames(db: DbOrTx, memberIds: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(memberIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: committeeMembers.id, name: committeeMembers.name })
    .from(committeeMembers)
    .where(inArray(committeeMembers.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The papers matching `where` with their authors, as the conflict rules read them. */
async function paperProfilesWhere(db: DbOrTx, where: SQL): Promise<PaperProfile[]> {
  const rows = await db
    .select({ paperId: papers.id, submitterId: papers.userId, submitterEmail: users.email })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .where(where);
  const authors = await db
    .select({
      paperId: paperAuthors.paperId,
      name: paperAuthors.name,
      affiliation: paperAuthors.affiliation,
      address: paperAuthors.address,
    })
    .from(paperAuthors)
    .innerJoin(papers, eq(papers.id, paperAuthors.paperId))
    .where(where)
    .orderBy(asc(paperAuthors.paperId), asc(paperAuthors.position));
  const byPaper = groupBy(authors, (author) => author.paperId);
  return rows.map((row) => ({
    ...row,
    authors: (byPaper.get(row.paperId) ?? []).map(({ name, affiliation, address }) => ({ name, affiliation, address })),
  }));
}

export function findPaperProfilesByStatus(db: DbOrTx, statuses: readonly PaperStatus[]): Promise<PaperProfile[]> {
  return paperProfilesWhere(db, inArray(papers.status, [...statuses]));
}

export function findPaperProfilesByIds(db: DbOrTx, paperIds: readonly string[]): Promise<PaperProfile[]> {
  return paperIds.length === 0 ? Promise.resolve([]) : paperProfilesWhere(db, inArray(papers.id, [...paperIds]));
}

/** A member's records in force, by paper. */
export async function findCurrentRecordsOfMember(
  db: DbOrTx,
  memberId: string,
): Promise<Map<string, ConflictRecordRow>> {
  const rows = await db
    .select()
    .from(conflictRecords)
    .where(and(eq(conflictRecords.memberId, memberId), isNull(conflictRecords.endedAt)));
  return new Map(rows.map((row) => [row.paperId, row]));
}

/** Every record in force, of the whole committee. */
export function findCurrentRecords(db: DbOrTx) {
  return db.select().from(conflictRecords).where(isNull(conflictRecords.endedAt));
}
