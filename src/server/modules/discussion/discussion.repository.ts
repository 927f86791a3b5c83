import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { committeeMembers, discussionMessages, users } from '@server/db/schema/index.ts';

/** The paper's messages, oldest first, with the reviewer's name or the organiser's. */
export function findMessagesOfPaper(db: DbOrTx, paperId: string) {
  return db
    .select({
      id: discussionMessages.id,
      memberId: discussionMessages.memberId,
      memberName: committeeMembers.name,
      writerName: users.username,
      writtenBy: discussionMessages.writtenBy,
      body: discussionMessages.body,
      createdAt: discussionMessages.createdAt,
    })
    .from(discussionMessages)
    .leftJoin(committeeMembers, eq(committeeMembers.id, discussionMessages.memberId))
    .leftJoin(users, eq(users.id, discussionMessages.writtenBy))
    .where(eq(discussionMessages.paperId, paperId))
    .orderBy(asc(discussionMessages.createdAt), asc(discussionMessages.id));
}

export async function insertMessage(db: DbOrTx, values: typeof discussionMessages.$inferInsert): Promise<void> {
  await db.insert(discussionMessages).values(values);
}
