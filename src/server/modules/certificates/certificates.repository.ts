import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { letters, participants } from '@server/db/schema/index.ts';
import { CERTIFICATE_KINDS, type CertificateKind } from '@shared/domain/certificates.ts';
import type { LetterInsert, LetterRow } from '../letters/letters.repository.ts';

const isCertificate = inArray(letters.kind, [...CERTIFICATE_KINDS]);

/** The participant row of a paper's presenting author. */
export async function findParticipantIdOfPaper(db: DbOrTx, paperId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: participants.id }).from(participants).where(eq(participants.paperId, paperId));
  return row?.id;
}

/** The certificates of these participants (all of them when null), oldest first: each one's history. */
export async function findCertificates(db: DbOrTx, participantIds: string[] | null): Promise<LetterRow[]> {
  if (participantIds?.length === 0) return [];
  return db
    .select()
    .from(letters)
    .where(and(isCertificate, participantIds ? inArray(letters.participantId, participantIds) : undefined))
    .orderBy(asc(letters.issuedAt), asc(letters.id));
}

/**
 * The participant's certificate of a kind at the end of its history: the standing one, or the
 * last withdrawn without a replacement (which must not be issued again unasked).
 */
export async function findCurrentCertificate(
  db: DbOrTx,
  participantId: string,
  kind: CertificateKind,
): Promise<LetterRow | undefined> {
  const [row] = await db
    .select()
    .from(letters)
    .where(and(eq(letters.participantId, participantId), eq(letters.kind, kind), isNull(letters.replacedById)))
    .orderBy(desc(letters.issuedAt), desc(letters.id))
    .limit(1);
  return row;
}

export async function findCertificate(db: DbOrTx, letterId: string): Promise<LetterRow | undefined> {
  const [row] = await db
    .select()
    .from(letters)
    .where(and(isCertificate, eq(letters.id, letterId)));
  return row;
}

/** The certificate, locked until the transaction ends: two reissues of it run one after the other. */
export async function lockCertificate(tx: DbOrTx, letterId: string): Promise<LetterRow | undefined> {
  const [row] = await tx
    .select()
    .from(letters)
    .where(and(isCertificate, eq(letters.id, letterId)))
    .for('update');
  return row;
}

/** Marks certificates as e-mailed, in the transaction that queues their mail. */
export async function markMailed(tx: DbOrTx, letterIds: string[], at: Date) {
  if (letterIds.length > 0) await tx.update(letters).set({ mailedAt: at }).where(inArray(letters.id, letterIds));
}

/** Whether the participant holds a certificate not withdrawn. */
export async function holdsStandingCertificate(db: DbOrTx, participantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: letters.id })
    .from(letters)
    .where(and(isCertificate, eq(letters.participantId, participantId), isNull(letters.withdrawnAt)))
    .limit(1);
  return row !== undefined;
}

/** Inserts unless the participant already holds a standing one of the kind (a concurrent download). */
export async function insertCertificateIfAbsent(db: DbOrTx, values: LetterInsert): Promise<LetterRow | undefined> {
  const [row] = await db.insert(letters).values(values).onConflictDoNothing().returning();
  return row;
}

/** Withdraws it unless it already is; the row withdrawn, or nothing. */
export async function withdraw(db: DbOrTx, letterId: string, adminId: string, at: Date) {
  const [row] = await db
    .update(letters)
    .set({ withdrawnAt: at, withdrawnBy: adminId })
    .where(and(eq(letters.id, letterId), isNull(letters.withdrawnAt)))
    .returning();
  return row;
}

export async function setReplacedBy(db: DbOrTx, letterId: string, replacedById: string) {
  await db.update(letters).set({ replacedById }).where(eq(letters.id, letterId));
}
