import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import {
  paperAuthors,
  papers,
  programmeDraft,
  programmeRooms,
  programmeSessions,
  programmeTalks,
  programmeVersions,
  users,
} from '@server/db/schema/index.ts';

export type RoomRow = typeof programmeRooms.$inferSelect;
export type SessionRow = typeof programmeSessions.$inferSelect;
export type TalkRow = typeof programmeTalks.$inferSelect;

/** The draft's row, locked to the end of the transaction: programme edits run one at a time. */
export async function lockDraft(tx: DbOrTx) {
  await tx.insert(programmeDraft).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx
    .select({
      version: programmeDraft.version,
      updatedAt: programmeDraft.updatedAt,
      updatedBy: users.username,
    })
    .from(programmeDraft)
    .leftJoin(users, eq(users.id, programmeDraft.updatedBy))
    .for('update', { of: programmeDraft });
  return row!;
}

export async function findDraftVersion(db: DbOrTx) {
  const [row] = await db
    .select({ version: programmeDraft.version, updatedAt: programmeDraft.updatedAt, updatedBy: users.username })
    .from(programmeDraft)
    .leftJoin(users, eq(users.id, programmeDraft.updatedBy));
  return row;
}

export async function bumpDraft(tx: DbOrTx, actorId: string): Promise<number> {
  const [row] = await tx
    .update(programmeDraft)
    .set({ version: sql`${programmeDraft.version} + 1`, updatedBy: actorId, updatedAt: new Date() })
    .returning({ version: programmeDraft.version });
  return row!.version;
}

export const findRooms = (db: DbOrTx) =>
  db.select().from(programmeRooms).orderBy(asc(programmeRooms.position), asc(programmeRooms.createdAt));

export async function findRoom(db: DbOrTx, id: string) {
  const [row] = await db.select().from(programmeRooms).where(eq(programmeRooms.id, id));
  return row;
}

export async function findRoomByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select()
    .from(programmeRooms)
    .where(sql`lower(${programmeRooms.name}) = lower(${name})`);
  return row;
}

export async function insertRoom(db: DbOrTx, values: typeof programmeRooms.$inferInsert) {
  const [row] = await db.insert(programmeRooms).values(values).returning();
  return row!;
}

export async function updateRoom(db: DbOrTx, id: string, values: Partial<typeof programmeRooms.$inferInsert>) {
  await db.update(programmeRooms).set(values).where(eq(programmeRooms.id, id));
}

export async function deleteRoom(db: DbOrTx, id: string) {
  await db.delete(programmeRooms).where(eq(programmeRooms.id, id));
}

export async function nextRoomPosition(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ last: sql<number | null>`max(${programmeRooms.position})` }).from(programmeRooms);
  return (row?.last ?? -1) + 1;
}

/** By start, then title: the order of the schedule's list, the same in every version. */
export const findSessions = (db: DbOrTx) =>
  db
    .select()
    .from(programmeSessions)
    .orderBy(asc(programmeSessions.startsAt), asc(programmeSessions.title), asc(programmeSessions.id));

export async function findSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(programmeSessions).where(eq(programmeSessions.id, id));
  return row;
}

export async function countSessionsInRoom(db: DbOrTx, roomId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(programmeSessions)
    .where(eq(programmeSessions.roomId, roomId));
  return row?.n ?? 0;
}

/** A session in the room overlapping [startsAt, endsAt), other than `exceptId`. */
export async function findOverlappingSession(
  db: DbOrTx,
  roomId: string,
  startsAt: Date,
  endsAt: Date,
  exceptId?: string,
) {
  const [row] = await db
    .select()
    .from(programmeSessions)
    .where(
      and(
        eq(programmeSessions.roomId, roomId),
        lt(programmeSessions.startsAt, endsAt),
        gt(programmeSessions.endsAt, startsAt),
        exceptId ? ne(programmeSessions.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(programmeSessions.startsAt))
    .limit(1);
  return row;
}

export async function insertSession(db: DbOrTx, values: typeof programmeSessions.$inferInsert) {
  const [row] = await db.insert(programmeSessions).values(values).returning();
  return row!;
}

export async function updateSession(db: DbOrTx, id: string, values: Partial<typeof programmeSessions.$inferInsert>) {
  await db.update(programmeSessions).set(values).where(eq(programmeSessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(programmeSessions).where(eq(programmeSessions.id, id));
}

export const findTalksOfSession = (db: DbOrTx, sessionId: string) =>
  db.select().from(programmeTalks).where(eq(programmeTalks.sessionId, sessionId)).orderBy(asc(programmeTalks.position));

export async function findTalk(db: DbOrTx, paperId: string) {
  const [row] = await db.select().from(programmeTalks).where(eq(programmeTalks.paperId, paperId));
  return row;
}

export async function upsertTalk(db: DbOrTx, values: typeof programmeTalks.$inferInsert) {
  await db
    .insert(programmeTalks)
    .values(values)
    .onConflictDoUpdate({
      target: programmeTalks.paperId,
      set: {
        sessionId: values.sessionId,
        position: values.position,
        minutes: values.minutes,
        board: values.board,
        modeOverridden: values.modeOverridden,
      },
    });
}

export async function setTalkPosition(db: DbOrTx, paperId: string, position: number) {
  await db.update(programmeTalks).set({ position }).where(eq(programmeTalks.paperId, paperId));
}

export async function deleteTalk(db: DbOrTx, paperId: string) {
  await db.delete(programmeTalks).where(eq(programmeTalks.paperId, paperId));
}

/** Every placed paper with what the programme shows of it: title, authors, status and mode. */
export function findTalksWithPapers(db: DbOrTx) {
  return db
    .select({
      talk: programmeTalks,
      title: papers.title,
      status: papers.status,
      mode: papers.modeOfPresentation,
      authors: sql<{ name: string; affiliation: string }[]>`coalesce((select json_agg(json_build_object(
        'name', a.name, 'affiliation', a.affiliation) order by a.position)
        from ${paperAuthors} a where a.paper_id = papers.id), '[]'::json)`,
    })
    .from(programmeTalks)
    .innerJoin(papers, eq(papers.id, programmeTalks.paperId))
    .orderBy(asc(programmeTalks.sessionId), asc(programmeTalks.position));
}

export async function findPaperForProgramme(db: DbOrTx, paperId: string) {
  const [row] = await db
    .select({ id: papers.id, status: papers.status, mode: papers.modeOfPresentation, title: papers.title })
    .from(papers)
    .where(eq(papers.id, paperId));
  return row;
}

/** An accepted paper not in the programme. */
const ACCEPTED_NOT_PLACED = and(
  eq(papers.status, 'abstract_accepted'),
  sql`not exists (select 1 from ${programmeTalks} t where t.paper_id = papers.id)`,
);

/** Accepted papers not in the programme, with what a draft groups them by: theme, mode, authors. */
export function findUnscheduledForDraft(db: DbOrTx) {
  return db
    .select({
      paperId: papers.id,
      theme: papers.theme,
      mode: papers.modeOfPresentation,
      authors: sql<string[]>`coalesce((select json_agg(a.name order by a.position)
        from ${paperAuthors} a where a.paper_id = papers.id), '[]'::json)`,
    })
    .from(papers)
    .where(ACCEPTED_NOT_PLACED)
    .orderBy(asc(papers.submittedAt), asc(papers.id));
}

/** Accepted papers not in the programme: for the "not scheduled" warning and the list to place them from. */
export function findUnscheduledAccepted(db: DbOrTx) {
  return db
    .select({ id: papers.id, title: papers.title, theme: papers.theme, mode: papers.modeOfPresentation })
    .from(papers)
    .where(ACCEPTED_NOT_PLACED)
    .orderBy(asc(papers.submittedAt), asc(papers.id));
}

/** The papers a user submitted. */
export async function findPaperIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  return (await db.select({ id: papers.id }).from(papers).where(eq(papers.userId, userId))).map((row) => row.id);
}

/** Who submitted each paper: the account its programme e-mails go to. */
export function findPaperOwners(db: DbOrTx, paperIds: string[]) {
  return db.select({ paperId: papers.id, userId: papers.userId }).from(papers).where(inArray(papers.id, paperIds));
}

export async function findLatestVersion(db: DbOrTx) {
  const [row] = await db.select().from(programmeVersions).orderBy(desc(programmeVersions.number)).limit(1);
  return row;
}

export async function insertVersion(db: DbOrTx, values: typeof programmeVersions.$inferInsert) {
  await db.insert(programmeVersions).values(values);
}
