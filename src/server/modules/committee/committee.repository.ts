import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { committeeMembers } from '@server/db/schema/index.ts';

export type CommitteeMemberRow = typeof committeeMembers.$inferSelect;

/** Every invitation and member, oldest invitation first (the order the committee was built in). */
export function listCommitteeMembers(db: DbOrTx): Promise<CommitteeMemberRow[]> {
  return db.select().from(committeeMembers).orderBy(asc(committeeMembers.invitedAt), asc(committeeMembers.id));
}

export async function findCommitteeMember(db: DbOrTx, memberId: string): Promise<CommitteeMemberRow | undefined> {
  const [row] = await db.select().from(committeeMembers).where(eq(committeeMembers.id, memberId));
  return row;
}

/** Locked to the end of the transaction: two organisers acting on one invitation act one after the other. */
export async function lockCommitteeMember(db: DbOrTx, memberId: string): Promise<CommitteeMemberRow | undefined> {
  const [row] = await db.select().from(committeeMembers).where(eq(committeeMembers.id, memberId)).for('update');
  return row;
}

export async function lockCommitteeMemberByEmail(db: DbOrTx, email: string): Promise<CommitteeMemberRow | undefined> {
  const [row] = await db.select().from(committeeMembers).where(eq(committeeMembers.email, email)).for('update');
  return row;
}

export async function findByInvitationToken(db: DbOrTx, tokenHash: string): Promise<CommitteeMemberRow | undefined> {
  const [row] = await db.select().from(committeeMembers).where(eq(committeeMembers.invitationTokenHash, tokenHash));
  return row;
}

export async function lockByInvitationToken(db: DbOrTx, tokenHash: string): Promise<CommitteeMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(committeeMembers)
    .where(eq(committeeMembers.invitationTokenHash, tokenHash))
    .for('update');
  return row;
}

/** The row, or nothing when another invitation of the address was inserted first. */
export async function insertCommitteeMember(
  db: DbOrTx,
  values: typeof committeeMembers.$inferInsert,
): Promise<CommitteeMemberRow | undefined> {
  const [row] = await db.insert(committeeMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCommitteeMember(
  db: DbOrTx,
  memberId: string,
  values: Partial<typeof committeeMembers.$inferInsert>,
): Promise<CommitteeMemberRow> {
  const [row] = await db
    .update(committeeMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(committeeMembers.id, memberId))
    .returning();
  return row!;
}

/**
 * Answers a waiting invitation, once: only the request that finds its token still unused and
 * unexpired changes the row; a second click, or a link resent or withdrawn meanwhile, changes
 * nothing. The token's hash stays, so the link's page can tell an answered invitation later.
 */
export async function answerInvitation(
  db: DbOrTx,
  tokenHash: string,
  values: Pick<typeof committeeMembers.$inferInsert, 'status' | 'userId' | 'declineReason' | 'listedPublicly'>,
): Promise<CommitteeMemberRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(committeeMembers)
    .set({ ...values, respondedAt: now, invitationExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(committeeMembers.invitationTokenHash, tokenHash),
        eq(committeeMembers.status, 'invited'),
        gt(committeeMembers.invitationExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The members who agreed to be named on the public Committee page, by name. */
export async function listPubliclyListedMembers(db: DbOrTx): Promise<{ name: string; affiliation: string }[]> {
  return db
    .select({ name: committeeMembers.name, affiliation: committeeMembers.affiliation })
    .from(committeeMembers)
    .where(and(eq(committeeMembers.status, 'accepted'), eq(committeeMembers.listedPublicly, true)))
    .orderBy(asc(committeeMembers.name), asc(committeeMembers.id));
}

/** The accepted membership of an account, if it has one. */
export async function findAcceptedMembership(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: committeeMembers.id,
      themes: committeeMembers.themes,
      name: committeeMembers.name,
      affiliation: committeeMembers.affiliation,
      listedPublicly: committeeMembers.listedPublicly,
    })
    .from(committeeMembers)
    .where(and(eq(committeeMembers.userId, userId), eq(committeeMembers.status, 'accepted')));
  return row;
}
