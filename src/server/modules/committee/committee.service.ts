import { COMMITTEE_TEXTS, INVITATION_VALID_DAYS } from '@shared/domain/committee.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import type {
  CommitteeInvitationBody,
  CommitteeInvitationView,
  CommitteeListing,
  CommitteeMember,
} from '@shared/schemas/committee.ts';
import { committeeInvitationBodySchema } from '@shared/schemas/committee.ts';
import type { PublicCommitteeMember } from '@shared/schemas/site-content.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { MEMBERS_ONLY } from '@server/plugins/auth.ts';
import { hashToken, newToken } from '@server/lib/tokens.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { presentUser } from '../users/user.presenter.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { createUser } from '../users/users.service.ts';
import { createSession, type SessionOrigin, type SignedIn } from '../sessions/sessions.service.ts';
import { countReviewsByMember } from '../assignment/assignment.repository.ts';
import { noticeWelcome } from '../committee-notices/committee-notices.service.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { presentCommitteeMember } from './committee.presenter.ts';
import {
  answerInvitation,
  type CommitteeMemberRow,
  findAcceptedMembership,
  findByInvitationToken,
  insertCommitteeMember,
  listCommitteeMembers,
  listPubliclyListedMembers,
  lockByInvitationToken,
  lockCommitteeMember,
  lockCommitteeMemberByEmail,
  updateCommitteeMember,
} from './committee.repository.ts';
import { currentConference } from '@shared/conference.ts';
import { bulletList, renderMail } from '../mail-templates/mail-rendering.ts';

const INVITATION_VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60_000;

/** The member behind a request (the route's `member` access let them through: this gives their row). */
export async function requireAcceptedMember(ctx: Pick<AppContext, 'db'>, user: PublicUser) {
  const member = await findAcceptedMembership(ctx.db, user._id);
  if (!member) throw new AppError('forbidden', MEMBERS_ONLY);
  return member;
}

export async function listMembers(ctx: AppContext): Promise<CommitteeMember[]> {
  const pastDeadline = Date.now() > Date.parse((await currentDates(ctx)).reviewDeadline);
  const reviews = await countReviewsByMember(ctx.db, pastDeadline);
  return (await listCommitteeMembers(ctx.db)).map((row) => presentCommitteeMember(row, reviews.get(row.id)));
}

/** A fresh single-use link: its token goes into the e-mail, only its hash into the database. */
function newInvitationLink(ctx: Pick<AppContext, 'config'>) {
  const token = newToken();
  return {
    url: `${ctx.config.publicUrl}${ctx.config.basePath}/committee-invitation/${token}`,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_VALID_MS),
  };
}

async function queueInvitationMail(
  ctx: Pick<AppContext, 'outbox'>,
  tx: DbOrTx,
  member: CommitteeMemberRow,
  link: ReturnType<typeof newInvitationLink>,
  inviter: PublicUser,
): Promise<void> {
  // Without a mail server it stays unsent: the organiser who sent it copies the link from the outbox.
  const mail = await renderMail(tx, 'committee_invitation', {
    conference: currentConference().shortName,
    name: member.name,
    inviter: inviter.username,
    themes: bulletList(member.themes),
    maxPapers: `${member.maxPapers} paper${member.maxPapers === 1 ? '' : 's'}`,
    note: member.note ? `\n\n${member.note}` : '',
    expires: formatConferenceTime(link.expiresAt.toISOString()),
    link: link.url,
  });
  await ctx.outbox.enqueue(tx, {
    kind: 'invitation',
    queuedBy: inviter._id,
    recipientId: member.userId ?? undefined,
    to: member.email,
    subject: mail.subject,
    text: mail.text,
  });
}

/**
 * Invites a reviewer. An address that declined or was withdrawn may be invited again (the same
 * row, a new link); one waiting or already a member is refused.
 */
export async function inviteMember(
  ctx: AppContext,
  inviter: PublicUser,
  input: CommitteeInvitationBody,
): Promise<CommitteeMember> {
  const body = committeeInvitationBodySchema.parse(input);
  const link = newInvitationLink(ctx);
  const invitation = {
    name: body.name,
    email: body.email,
    affiliation: body.affiliation,
    themes: body.themes,
    maxPapers: body.maxPapers,
    note: body.note,
    status: 'invited' as const,
    declineReason: '',
    userId: null,
    invitedBy: inviter._id,
    invitedAt: new Date(),
    respondedAt: null,
    invitationTokenHash: link.tokenHash,
    invitationExpiresAt: link.expiresAt,
  };
  const row = await transactionThenMail(ctx, async (tx) => {
    const existing = await lockCommitteeMemberByEmail(tx, body.email);
    if (existing?.status === 'invited') throw new AppError('conflict', COMMITTEE_TEXTS.alreadyInvited);
    if (existing?.status === 'accepted') throw new AppError('conflict', COMMITTEE_TEXTS.alreadyMember);
    const saved = existing
      ? await updateCommitteeMember(tx, existing.id, invitation)
      : await insertCommitteeMember(tx, invitation);
    // Inserted by another organiser between the look and the insert.
    if (!saved) throw new AppError('conflict', COMMITTEE_TEXTS.alreadyInvited);
    await queueInvitationMail(ctx, tx, saved, link, inviter);
    return saved;
  });
  return presentCommitteeMember(row);
}

async function lockedMember(tx: DbOrTx, memberId: string): Promise<CommitteeMemberRow> {
  const row = await lockCommitteeMember(tx, memberId);
  if (!row) throw new AppError('not_found', COMMITTEE_TEXTS.memberNotFound);
  return row;
}

/** Sends a waiting invitation again with a new link and a new 14 days; the earlier link stops working. */
export async function resendInvitation(
  ctx: AppContext,
  inviter: PublicUser,
  memberId: string,
): Promise<CommitteeMember> {
  const link = newInvitationLink(ctx);
  const row = await transactionThenMail(ctx, async (tx) => {
    const member = await lockedMember(tx, memberId);
    if (member.status !== 'invited') throw new AppError('conflict', COMMITTEE_TEXTS.onlyWaitingResent);
    const saved = await updateCommitteeMember(tx, member.id, {
      invitationTokenHash: link.tokenHash,
      invitationExpiresAt: link.expiresAt,
    });
    await queueInvitationMail(ctx, tx, saved, link, inviter);
    return saved;
  });
  return presentCommitteeMember(row);
}

/** Withdraws a waiting invitation, or removes a member from the committee. */
export async function revokeMember(
  ctx: Pick<AppContext, 'db'>,
  memberId: string,
): Promise<{ member: CommitteeMember; message: string }> {
  return ctx.db.transaction(async (tx) => {
    const member = await lockedMember(tx, memberId);
    if (member.status !== 'invited' && member.status !== 'accepted')
      throw new AppError('conflict', COMMITTEE_TEXTS.alreadyRevoked);
    // A member taken off the committee is no longer named: should they be invited again, they are asked again.
    const saved = await updateCommitteeMember(tx, member.id, {
      status: 'revoked',
      invitationExpiresAt: null,
      listedPublicly: false,
    });
    return {
      member: presentCommitteeMember(saved),
      message: member.status === 'accepted' ? COMMITTEE_TEXTS.memberRemoved : COMMITTEE_TEXTS.invitationRevoked,
    };
  });
}

/**
 * The invitation a link names, while it can still be answered; otherwise why not. The token's
 * hash stays on the row after an answer or a withdrawal, so its page can say which it was; a link
 * replaced by a newer one, or never sent, is simply not valid.
 */
function answerable(row: CommitteeMemberRow | undefined): CommitteeMemberRow {
  if (!row) throw new AppError('not_found', COMMITTEE_TEXTS.linkInvalid);
  if (row.status === 'revoked') throw new AppError('conflict', COMMITTEE_TEXTS.linkRevoked);
  if (row.status !== 'invited') throw new AppError('conflict', COMMITTEE_TEXTS.linkAnswered);
  if (!row.invitationExpiresAt || row.invitationExpiresAt.getTime() <= Date.now())
    throw new AppError('conflict', COMMITTEE_TEXTS.linkExpired);
  return row;
}

async function waitingInvitation(ctx: Pick<AppContext, 'db'>, token: string): Promise<CommitteeMemberRow> {
  return answerable(await findByInvitationToken(ctx.db, hashToken(token)));
}

export async function readInvitation(ctx: Pick<AppContext, 'db'>, token: string): Promise<CommitteeInvitationView> {
  const row = await waitingInvitation(ctx, token);
  return {
    name: row.name,
    email: row.email,
    affiliation: row.affiliation,
    themes: row.themes,
    maxPapers: row.maxPapers,
    note: row.note,
    expiresAt: row.invitationExpiresAt!.toISOString(),
    accountExists: (await findUserByEmail(ctx.db, row.email)) !== undefined,
  };
}

/** The answer to a link that could not be used: why, read again after the race that lost it. */
async function whyNotAnswered(ctx: Pick<AppContext, 'db'>, token: string): Promise<never> {
  await waitingInvitation(ctx, token);
  throw new AppError('conflict', COMMITTEE_TEXTS.linkAnswered);
}

/**
 * Accepts an invitation. The membership goes to the account of the invited address: signed in
 * with it when it exists (a forwarded link cannot make someone else a member), or created now
 * with the password the invitee chooses, and then signed in. `answer.listPublicly`: the member
 * agrees to be named on the public Committee page.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  signedInAs: PublicUser | undefined,
  answer: { password?: string; listPublicly: boolean },
  origin: SessionOrigin,
): Promise<SignedIn | undefined> {
  const { password, listPublicly } = answer;
  const invitation = await waitingInvitation(ctx, token);
  const account = await findUserByEmail(ctx.db, invitation.email);
  if (account) {
    if (!signedInAs) throw new AppError('unauthenticated', COMMITTEE_TEXTS.signInToAccept(invitation.email));
    if (signedInAs._id !== account.id) throw new AppError('forbidden', COMMITTEE_TEXTS.wrongAccount(invitation.email));
    const answered = await ctx.db.transaction(async (tx) => {
      const row = await answerInvitation(tx, hashToken(token), {
        status: 'accepted',
        userId: account.id,
        listedPublicly: listPublicly,
      });
      if (row) await noticeWelcome(tx, account.id);
      return row;
    });
    if (!answered) await whyNotAnswered(ctx, token);
    return undefined;
  }
  if (signedInAs) throw new AppError('forbidden', COMMITTEE_TEXTS.wrongAccount(invitation.email));
  if (!password) throw new AppError('bad_request', COMMITTEE_TEXTS.passwordRequired);
  // One transaction, the invitation locked: the account exists only if it accepted the invitation.
  // A link withdrawn, resent or clicked twice meanwhile leaves no account behind.
  const created = await ctx.db.transaction(async (tx) => {
    const row = answerable(await lockByInvitationToken(tx, hashToken(token)));
    // Made meanwhile by a sign-up of its own: that account accepts, signed in.
    if (await findUserByEmail(tx, row.email)) throw new AppError('conflict', COMMITTEE_TEXTS.signInToAccept(row.email));
    const user = await createUser({ db: tx }, { username: row.name, email: row.email, password });
    const answered = await answerInvitation(tx, hashToken(token), {
      status: 'accepted',
      userId: user.id,
      listedPublicly: listPublicly,
    });
    if (!answered) throw new AppError('conflict', COMMITTEE_TEXTS.linkExpired);
    await noticeWelcome(tx, user.id);
    return user;
  });
  const session = await createSession(ctx, created.id, origin);
  return { user: presentUser(created), ...session };
}

/** The programme committee as the public Committee page names it: only those who agreed, on accepting. */
export async function publicCommittee(ctx: Pick<AppContext, 'db'>): Promise<PublicCommitteeMember[]> {
  return listPubliclyListedMembers(ctx.db);
}

/** Whether the signed-in member is named on the public Committee page, and as what. */
export async function ownListing(ctx: Pick<AppContext, 'db'>, user: PublicUser): Promise<CommitteeListing> {
  const { listedPublicly, name, affiliation } = await requireAcceptedMember(ctx, user);
  return { listedPublicly, name, affiliation };
}

/**
 * The consent to be named, given or withheld on accepting, is the member's to change at any time:
 * their own membership only (the session's), and only while they are a member; the public list
 * reads it at its next request.
 */
export async function setOwnListing(
  ctx: Pick<AppContext, 'db'>,
  user: PublicUser,
  listedPublicly: boolean,
): Promise<CommitteeListing> {
  const member = await requireAcceptedMember(ctx, user);
  const saved = await updateCommitteeMember(ctx.db, member.id, { listedPublicly });
  return { listedPublicly: saved.listedPublicly, name: saved.name, affiliation: saved.affiliation };
}

export async function declineInvitation(ctx: Pick<AppContext, 'db'>, token: string, reason: string): Promise<void> {
  await waitingInvitation(ctx, token);
  const answered = await answerInvitation(ctx.db, hashToken(token), {
    status: 'declined',
    declineReason: reason,
    listedPublicly: false,
  });
  if (!answered) await whyNotAnswered(ctx, token);
}
