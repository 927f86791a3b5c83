import { currentConference } from '../conference.ts';
import { formatCount } from '../format/numbers.ts';

/**
 * The programme committee: members invited by the organisers to share the reviewing. Membership
 * is a capacity added to an account (an author may also review), never an account of its own.
 */

export const COMMITTEE_MEMBER_STATUSES = ['invited', 'accepted', 'declined', 'revoked'] as const;
export type CommitteeMemberStatus = (typeof COMMITTEE_MEMBER_STATUSES)[number];
export const COMMITTEE_MEMBER_STATUS_LABELS: Record<CommitteeMemberStatus, string> = {
  invited: 'Invited',
  accepted: 'Accepted',
  declined: 'Declined',
  revoked: 'Revoked',
};

export const COMMITTEE_LIMITS = {
  name: 100,
  affiliation: 300,
  note: 2000,
  declineReason: 1000,
  maxPapers: 200,
} as const;

/** An invitation link works once, for this long after it was sent. */
export const INVITATION_VALID_DAYS = 14;

export const COMMITTEE_TEXTS = {
  /** The invitee's consent, asked on accepting; off unless ticked. */
  listPubliclyLabel: 'Name me, with my affiliation, on the public Committee page',
  listPubliclyHint:
    'Visitors of the site see your name beside the organising committees. Leave it unticked to stay unnamed.',
  listPubliclyAs: 'You would be named as',
  /** A member changes that consent later, on their reviews page. */
  listingHeading: 'The public Committee page',
  listedAs: 'You are named there as',
  notListed: 'You are not named there.',
  unlistMe: 'Remove my name from the Committee page',
  listedNow: 'You are now named on the public Committee page.',
  unlistedNow: 'You are no longer named on the public Committee page.',
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  invitationResent: (email: string) => `The invitation was sent again to ${email}; the earlier link no longer works.`,
  /** Without a mail server the invitation waits in the Outbox, where its sender copies the link. */
  invitationUnsent: (email: string) =>
    `The invitation to ${email} is written but not sent: this site has no mail server. Open it in the Outbox, copy its link and send it yourself.`,
  invitationRewrittenUnsent: (email: string) =>
    `A new invitation to ${email} is written but not sent: this site has no mail server. Open it in the Outbox, copy its link and send it yourself; the earlier link no longer works.`,
  invitationRevoked: 'The invitation was withdrawn; its link no longer works.',
  memberRemoved: 'The member was removed from the committee.',
  alreadyInvited: 'This person already has an invitation waiting: send it again from the committee table.',
  alreadyMember: 'This person is already a member of the committee.',
  memberNotFound: 'Committee member not found.',
  onlyWaitingResent: 'Only an invitation still waiting for an answer can be sent again.',
  alreadyRevoked: 'This invitation or membership has already ended.',
  nameRequired: 'Please enter the reviewer’s name.',
  nameTooLong: `The name is limited to ${COMMITTEE_LIMITS.name} characters.`,
  affiliationTooLong: `The affiliation is limited to ${COMMITTEE_LIMITS.affiliation} characters.`,
  themesRequired: 'Choose at least one theme.',
  maxPapersInvalid: `The maximum is a whole number of papers from 1 to ${COMMITTEE_LIMITS.maxPapers}.`,
  noteTooLong: `The note is limited to ${formatCount(COMMITTEE_LIMITS.note)} characters.`,
  declineReasonTooLong: `The reason is limited to ${formatCount(COMMITTEE_LIMITS.declineReason)} characters.`,
  linkInvalid: 'This invitation link is not valid. Please ask the organisers for a new one.',
  linkExpired: 'This invitation link has expired. Please ask the organisers to send it again.',
  linkAnswered: 'This invitation has already been answered.',
  linkRevoked: 'This invitation was withdrawn by the organisers.',
  signInToAccept: (email: string) =>
    `An account with ${email} already exists: sign in with it, then open this link again to accept.`,
  wrongAccount: (email: string) =>
    `This invitation is for ${email}. Sign out, then sign in with that address (or open the link signed out to create its account).`,
  passwordRequired: 'Please choose a password for your new account.',
  get accepted() {
    return `Welcome to the programme committee of ${currentConference().shortName}.`;
  },
  declined: 'Thank you for letting us know; the organisers will see your answer.',
} as const;
