import type { PaperStatus } from '@shared/constants.ts';
import { COMMITTEE_NOTICE_TEXTS, COMMITTEE_NOTICE_TITLES } from '@shared/domain/committee-notices.ts';
import { DISCUSSION_TEXTS } from '@shared/domain/discussion.ts';
import { RESPONSE_TEXTS } from '@shared/domain/author-responses.ts';
import { isDecided, reviewerLabel } from '@shared/domain/reviews.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { groupBy } from '@server/lib/group-by.ts';
import { publishLive } from '@server/live/live-messages.ts';
import { findPaperProfilesByIds } from '../conflicts/conflicts.repository.ts';
import { conflictsOfCommittee } from '../conflicts/conflicts.service.ts';
import { notifyInSite } from '../notifications/notifications.service.ts';
import * as repo from './committee-notices.repository.ts';

/*
 * A committee member's notices in the site, recorded in the transaction of what they tell (so a
 * notice exists exactly when its cause does), with or without a mail server: the e-mails that
 * assignments and reminders also send are written by their own modules.
 */

export async function noticeWelcome(db: DbOrTx, userId: string): Promise<void> {
  await notifyInSite(db, [userId], {
    type: 'system_notification',
    title: COMMITTEE_NOTICE_TITLES.welcome,
    message: COMMITTEE_NOTICE_TEXTS.welcome,
  });
}

/** One notice per member listing every paper just given to them. */
export async function noticeAssigned(
  db: DbOrTx,
  placed: readonly { memberId: string; paperId: string }[],
  titles: ReadonlyMap<string, string>,
): Promise<void> {
  const accounts = await repo.findMemberAccounts(db, [...new Set(placed.map((pair) => pair.memberId))]);
  for (const [memberId, pairs] of groupBy(placed, (pair) => pair.memberId)) {
    const userId = accounts.get(memberId);
    if (!userId) continue;
    await notifyInSite(db, [userId], {
      type: 'system_notification',
      // One paper: the notice leads to its review.
      paperId: pairs.length === 1 ? pairs[0]!.paperId : null,
      title: COMMITTEE_NOTICE_TITLES.assigned,
      message: COMMITTEE_NOTICE_TEXTS.assigned(pairs.map((pair) => titles.get(pair.paperId) ?? '')),
    });
    await publishLive(db, {
      kind: 'review',
      paperId: pairs.length === 1 ? pairs[0]!.paperId : null,
      userIds: [userId],
    });
  }
}

export async function noticeUnassigned(db: DbOrTx, memberId: string, paperId: string): Promise<void> {
  const userId = (await repo.findMemberAccounts(db, [memberId])).get(memberId);
  const title = await repo.findPaperTitle(db, paperId);
  if (!userId || title === undefined) return;
  await notifyInSite(db, [userId], {
    type: 'system_notification',
    title: COMMITTEE_NOTICE_TITLES.unassigned,
    message: COMMITTEE_NOTICE_TEXTS.unassigned(title),
  });
  await publishLive(db, { kind: 'review', paperId, userIds: [userId] });
}

/** One reminder per member, listing their reviews still to submit. */
export async function noticeReminders(
  db: DbOrTx,
  deadline: string,
  byMember: ReadonlyMap<string, readonly { title: string }[]>,
): Promise<void> {
  const accounts = await repo.findMemberAccounts(db, [...byMember.keys()]);
  for (const [memberId, rows] of byMember) {
    const userId = accounts.get(memberId);
    if (!userId) continue;
    await notifyInSite(db, [userId], {
      type: 'system_notification',
      priority: 'high',
      title: COMMITTEE_NOTICE_TITLES.reminder,
      message: COMMITTEE_NOTICE_TEXTS.reminder(
        deadline,
        rows.map((row) => row.title),
      ),
    });
  }
}

/**
 * The members who reviewed the paper and may still read it: their review submitted (before,
 * they see no discussion), still on the committee, not conflicted with it since.
 */
async function reviewersWhoMayRead(db: DbOrTx, paperId: string) {
  const reviewers = await repo.findSubmittedReviewers(db, paperId);
  if (reviewers.length === 0) return [];
  const conflicts = await conflictsOfCommittee(db, await findPaperProfilesByIds(db, [paperId]));
  return reviewers.filter((reviewer) => !conflicts.get(reviewer.memberId)?.has(paperId));
}

/**
 * A new message in a paper's discussion, to its other reviewers, the writer named as those
 * reviewers read them: by their number, or "Organisers".
 */
export async function noticeDiscussionMessage(
  db: DbOrTx,
  paperId: string,
  writerMemberId: string | null,
): Promise<void> {
  const recipients = (await reviewersWhoMayRead(db, paperId)).filter((reader) => reader.memberId !== writerMemberId);
  if (recipients.length === 0) return;
  const writer =
    writerMemberId === null
      ? undefined
      : (await repo.findSubmittedReviewers(db, paperId)).find((reviewer) => reviewer.memberId === writerMemberId);
  const title = (await repo.findPaperTitle(db, paperId)) ?? '';
  await notifyInSite(
    db,
    recipients.map((reader) => reader.userId!),
    {
      type: 'review_comment',
      paperId,
      title: COMMITTEE_NOTICE_TITLES.discussion,
      message: COMMITTEE_NOTICE_TEXTS.discussion(
        writerMemberId === null
          ? DISCUSSION_TEXTS.organisers
          : writer
            ? reviewerLabel(writer.reviewerNumber)
            : DISCUSSION_TEXTS.formerReviewer,
        title,
      ),
    },
  );
  await publishLive(db, { kind: 'review', paperId, userIds: recipients.map((reader) => reader.userId!) });
}

/** A decision the author is now told of, to the paper's reviewers; nothing when it is not a decision or unchanged. */
export async function noticeDecision(
  db: DbOrTx,
  paper: { id: string; title: string },
  previous: PaperStatus,
  status: PaperStatus,
): Promise<void> {
  if (!isDecided(status) || previous === status) return;
  const readers = await reviewersWhoMayRead(db, paper.id);
  if (readers.length === 0) return;
  await notifyInSite(
    db,
    readers.map((reader) => reader.userId!),
    {
      type: 'paper_status_change',
      paperId: paper.id,
      title: COMMITTEE_NOTICE_TITLES.decision,
      message: COMMITTEE_NOTICE_TEXTS.decision(paper.title, status),
    },
  );
}

/**
 * The author responded to the reviews: told to every member assigned to the paper who may still
 * read it (not conflicted since), whether or not they submitted their review. Names no author.
 */
export async function noticeAuthorResponse(
  db: DbOrTx,
  paper: { id: string; title: string },
  event: 'submitted' | 'reopened' = 'submitted',
): Promise<void> {
  const assigned = await repo.findAssignedReviewers(db, paper.id);
  if (assigned.length === 0) return;
  const conflicts = await conflictsOfCommittee(db, await findPaperProfilesByIds(db, [paper.id]));
  const readers = assigned.filter((reviewer) => !conflicts.get(reviewer.memberId)?.has(paper.id));
  if (readers.length === 0) return;
  await notifyInSite(
    db,
    readers.map((reader) => reader.userId!),
    {
      type: 'review_comment',
      paperId: paper.id,
      title: event === 'submitted' ? RESPONSE_TEXTS.receivedTitle : RESPONSE_TEXTS.reopenedTitle,
      message:
        event === 'submitted' ? RESPONSE_TEXTS.received(paper.title) : RESPONSE_TEXTS.reopenedNotice(paper.title),
    },
  );
}
