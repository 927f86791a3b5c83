import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import {
  committeeMembers,
  committeeReviews,
  mailTemplateChanges,
  mailTemplates,
  papers,
  users,
} from '@server/db/schema/index.ts';

/** The organiser's text of a template; none: the default is in force. */
export async function findTemplateText(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ subject: mailTemplates.subject, body: mailTemplates.body })
    .from(mailTemplates)
    .where(eq(mailTemplates.key, key));
  return row;
}

/** Every saved template with the name of who saved it last. */
export async function listSavedTemplates(db: DbOrTx) {
  return db
    .select({
      key: mailTemplates.key,
      subject: mailTemplates.subject,
      body: mailTemplates.body,
      updatedAt: mailTemplates.updatedAt,
      updatedBy: users.username,
    })
    .from(mailTemplates)
    .leftJoin(users, eq(users.id, mailTemplates.updatedBy));
}

export async function upsertTemplate(
  db: DbOrTx,
  row: { key: string; subject: string; body: string; updatedBy: string },
): Promise<void> {
  const at = new Date();
  await db
    .insert(mailTemplates)
    .values({ ...row, updatedAt: at })
    .onConflictDoUpdate({
      target: mailTemplates.key,
      set: { subject: row.subject, body: row.body, updatedBy: row.updatedBy, updatedAt: at },
    });
}

/** Whether there was an organiser's text to remove. */
export async function deleteTemplate(db: DbOrTx, key: string): Promise<boolean> {
  const removed = await db
    .delete(mailTemplates)
    .where(eq(mailTemplates.key, key))
    .returning({ key: mailTemplates.key });
  return removed.length > 0;
}

/** A save (the text) or a restore (null text) in the template's history. */
export async function insertChange(
  db: DbOrTx,
  row: { key: string; subject: string | null; body: string | null; changedBy: string },
): Promise<void> {
  await db.insert(mailTemplateChanges).values(row);
}

/** A template's history, newest first, with who made each change. */
export async function listChanges(db: DbOrTx, key: string) {
  return db
    .select({
      id: mailTemplateChanges.id,
      subject: mailTemplateChanges.subject,
      body: mailTemplateChanges.body,
      changedAt: mailTemplateChanges.changedAt,
      changedBy: users.username,
    })
    .from(mailTemplateChanges)
    .leftJoin(users, eq(users.id, mailTemplateChanges.changedBy))
    .where(eq(mailTemplateChanges.key, key))
    .orderBy(desc(mailTemplateChanges.changedAt), desc(mailTemplateChanges.id));
}

/** A paper with its submitting author: what a preview of an author's e-mail is filled with. */
export async function findPaperForPreview(db: DbOrTx, ictacemId: string) {
  const [row] = await db
    .select({
      id: papers.id,
      ictacemId: papers.ictacemId,
      title: papers.title,
      status: papers.status,
      review: papers.review,
      authorName: users.username,
      authorEmail: users.email,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.userId))
    .where(eq(papers.ictacemId, ictacemId));
  return row;
}

/** A committee member, the organiser who invited them and the papers assigned to them. */
export async function findMemberForPreview(db: DbOrTx, memberId: string) {
  const [member] = await db
    .select({
      id: committeeMembers.id,
      name: committeeMembers.name,
      email: committeeMembers.email,
      themes: committeeMembers.themes,
      maxPapers: committeeMembers.maxPapers,
      note: committeeMembers.note,
      invitationExpiresAt: committeeMembers.invitationExpiresAt,
      inviter: users.username,
    })
    .from(committeeMembers)
    .leftJoin(users, eq(users.id, committeeMembers.invitedBy))
    .where(eq(committeeMembers.id, memberId));
  if (!member) return undefined;
  const assigned = await db
    .select({ title: papers.title })
    .from(committeeReviews)
    .innerJoin(papers, eq(papers.id, committeeReviews.paperId))
    .where(eq(committeeReviews.memberId, memberId))
    .orderBy(asc(committeeReviews.assignedAt), asc(papers.title));
  return { ...member, paperTitles: assigned.map((row) => row.title) };
}
