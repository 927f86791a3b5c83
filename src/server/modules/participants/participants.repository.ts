import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CERTIFICATE_KINDS } from '@shared/domain/certificates.ts';
import type { DbOrTx } from '@server/db/client.ts';
import {
  badgeSigningKey,
  checkIns,
  letters,
  paperAuthors,
  papers,
  participants,
  paymentDecisions,
  users,
} from '@server/db/schema/index.ts';

export type ParticipantRecord = typeof participants.$inferSelect;

/** A participant as the lists, badges and the desk read it: a paper's row filled from the paper. */
export interface ParticipantView {
  id: string;
  paperId: string | null;
  ictacemId: string | null;
  presenterPosition: number;
  name: string;
  affiliation: string;
  email: string;
  role: string;
  badgeToken: string;
  paymentId: string | null;
  paymentConfirmed: boolean;
  paymentRejected: boolean;
  checkedInAt: Date | null;
  checkedInByName: string | null;
}

const ACCEPTED = 'abstract_accepted';
const presenter = alias(paperAuthors, 'presenter');
const submitter = alias(users, 'submitter');
const checker = alias(users, 'checker');

/** Accepted papers without their presenting author's row yet. */
export async function papersWithoutParticipant(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: papers.id })
    .from(papers)
    .leftJoin(participants, eq(participants.paperId, papers.id))
    .where(and(eq(papers.status, ACCEPTED), isNull(participants.id)));
  return rows.map((row) => row.id);
}

export async function insertPaperParticipants(db: DbOrTx, rows: { paperId: string; badgeToken: string }[]) {
  if (rows.length === 0) return;
  await db
    .insert(participants)
    .values(rows.map((row) => ({ ...row, role: 'author' })))
    .onConflictDoNothing();
}

export interface ViewFilter {
  role?: string;
  checkedIn?: boolean;
  /** Matched, any case, within the name, affiliation or e-mail. */
  text?: string;
  ids?: string[];
  badgeToken?: string;
}

const nameColumn = sql<string>`coalesce(${participants.name}, ${presenter.name}, '')`;
const affiliationColumn = sql<string>`coalesce(${participants.affiliation}, ${presenter.affiliation}, '')`;
const emailColumn = sql<string>`case when ${participants.paperId} is null then ${participants.email} else coalesce(${submitter.email}, '') end`;

/** Participants with their paper's facts and check-in; a paper no longer accepted takes its author off. */
export async function findViews(db: DbOrTx, filter: ViewFilter = {}): Promise<ParticipantView[]> {
  const conditions: (SQL | undefined)[] = [or(isNull(participants.paperId), eq(papers.status, ACCEPTED))];
  if (filter.role) conditions.push(eq(participants.role, filter.role));
  if (filter.checkedIn !== undefined)
    conditions.push(filter.checkedIn ? sql`${checkIns.id} is not null` : isNull(checkIns.id));
  if (filter.ids) conditions.push(filter.ids.length > 0 ? inArray(participants.id, filter.ids) : sql`false`);
  if (filter.badgeToken) conditions.push(eq(participants.badgeToken, filter.badgeToken));
  if (filter.text) {
    const pattern = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(${nameColumn}) like ${pattern} or lower(${affiliationColumn}) like ${pattern} or lower(${emailColumn}) like ${pattern})`,
    );
  }
  const rows = await db
    .select({
      id: participants.id,
      paperId: participants.paperId,
      ictacemId: papers.ictacemId,
      presenterPosition: participants.presenterPosition,
      name: nameColumn,
      affiliation: affiliationColumn,
      email: emailColumn,
      role: participants.role,
      badgeToken: participants.badgeToken,
      paymentId: papers.paymentId,
      paymentConfirmed: sql<boolean>`exists (select 1 from ${paymentDecisions} d where d.paper_id = ${participants.paperId} and d.state = 'confirmed')`,
      paymentRejected: sql<boolean>`exists (select 1 from ${paymentDecisions} d where d.paper_id = ${participants.paperId} and d.state = 'rejected')`,
      checkedInAt: checkIns.checkedInAt,
      checkedInByName: checker.username,
    })
    .from(participants)
    .leftJoin(papers, eq(papers.id, participants.paperId))
    .leftJoin(
      presenter,
      and(eq(presenter.paperId, participants.paperId), eq(presenter.position, participants.presenterPosition)),
    )
    .leftJoin(submitter, eq(submitter.id, papers.userId))
    .leftJoin(checkIns, eq(checkIns.participantId, participants.id))
    .leftJoin(checker, eq(checker.id, checkIns.checkedInBy))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${nameColumn})`), asc(participants.id));
  // PGlite returns timestamps of a joined table as Date, PostgreSQL too; booleans from exists as boolean.
  return rows.map((row) => ({
    ...row,
    paymentConfirmed: Boolean(row.paymentConfirmed),
    paymentRejected: Boolean(row.paymentRejected),
  }));
}

export async function findRecord(db: DbOrTx, id: string): Promise<ParticipantRecord | undefined> {
  const [row] = await db.select().from(participants).where(eq(participants.id, id));
  return row;
}

export async function insertAdded(
  db: DbOrTx,
  values: { name: string; affiliation: string; email: string; role: string; badgeToken: string; createdBy: string },
): Promise<ParticipantRecord> {
  const [row] = await db.insert(participants).values(values).returning();
  return row!;
}

export async function updateRecord(db: DbOrTx, id: string, values: Partial<typeof participants.$inferInsert>) {
  await db.update(participants).set(values).where(eq(participants.id, id));
}

/**
 * Deletes an added participant unless they hold a certificate not withdrawn (one statement, so a
 * certificate issued meanwhile is seen); whether it was deleted.
 */
export async function deleteRecordWithoutStandingCertificate(db: DbOrTx, id: string): Promise<boolean> {
  const standing = db
    .select({ id: letters.id })
    .from(letters)
    .where(
      and(eq(letters.participantId, id), inArray(letters.kind, [...CERTIFICATE_KINDS]), isNull(letters.withdrawnAt)),
    );
  const deleted = await db
    .delete(participants)
    .where(and(eq(participants.id, id), sql`not exists (${standing})`))
    .returning({ id: participants.id });
  return deleted.length > 0;
}

/** E-mails already on the list among added participants. */
export async function addedEmails(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: participants.email })
    .from(participants)
    .where(and(isNull(participants.paperId), inArray(participants.email, emails)));
  return new Set(rows.map((row) => row.email));
}

export async function authorsOfPapers(db: DbOrTx, paperIds: string[]) {
  if (paperIds.length === 0) return [];
  return db
    .select({ paperId: paperAuthors.paperId, position: paperAuthors.position, name: paperAuthors.name })
    .from(paperAuthors)
    .where(inArray(paperAuthors.paperId, paperIds))
    .orderBy(asc(paperAuthors.paperId), asc(paperAuthors.position));
}

/** The badge-signing secret, made by whichever process needs it first. */
export async function signingSecret(db: DbOrTx, fresh: string): Promise<string> {
  await db.insert(badgeSigningKey).values({ id: 1, secret: fresh }).onConflictDoNothing();
  const [row] = await db
    .select({ secret: badgeSigningKey.secret })
    .from(badgeSigningKey)
    .where(eq(badgeSigningKey.id, 1));
  return row!.secret;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function userHasPaper(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: papers.id }).from(papers).where(eq(papers.userId, userId)).limit(1);
  return row !== undefined;
}

export async function setUserRole(db: DbOrTx, userId: string, role: 'author' | 'volunteer') {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findVolunteers(db: DbOrTx) {
  return db
    .select({ _id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.role, 'volunteer'))
    .orderBy(asc(users.username));
}

/** Records a check-in unless the participant has one; the row that stands either way. */
export async function insertCheckIn(
  db: DbOrTx,
  values: { participantId: string; clientKey: string; checkedInBy: string; checkedInAt: Date },
) {
  const inserted = await db.insert(checkIns).values(values).onConflictDoNothing().returning();
  if (inserted[0]) return { row: inserted[0], inserted: true };
  const [existing] = await db.select().from(checkIns).where(eq(checkIns.participantId, values.participantId));
  return { row: existing, inserted: false };
}

export async function findCheckInByKey(db: DbOrTx, clientKey: string) {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.clientKey, clientKey));
  return row;
}
