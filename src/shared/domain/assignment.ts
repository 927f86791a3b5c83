import { formatCount } from '../format/numbers.ts';
import { BIDDABLE_STATUSES } from './bidding.ts';

/**
 * Committee members are assigned the papers they review: by an organiser, one paper or a
 * selection at a time, or all at once by the optimal planner (modules/assignment). A paper takes
 * reviewers while it is being decided; a conflicted member, or one at their maximum, never.
 */
export const ASSIGNABLE_STATUSES = BIDDABLE_STATUSES;

/** A review from its assignment on: nothing written yet, saved as a draft, or submitted. */
export const REVIEW_STATES = ['not_started', 'draft', 'submitted'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  not_started: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
};

export const ASSIGNMENT_LIMITS = {
  reviewsPerPaper: { min: 1, max: 10, default: 3 },
  /** Papers and members in one "Assign reviewers" on a selection. */
  papersAtOnce: 500,
  membersAtOnce: 50,
  /** Pairs in one applied plan: 10 reviews for each of 10,000 papers. */
  planPairs: 100_000,
} as const;

/**
 * Why a plan keeps a "Not my area" pair that no plan placing as many reviews could avoid: no
 * other member may review the paper without that bid, or every one who may is at their maximum.
 */
export const NOT_MY_AREA_REASONS = ['no_other_member', 'others_at_maximum'] as const;
export type NotMyAreaReason = (typeof NOT_MY_AREA_REASONS)[number];

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

export const ASSIGNMENT_TEXTS = {
  memberNotFound: 'Committee member not found.',
  notAMember: (name: string) => `${name} is not an accepted member of the committee.`,
  conflicted: (name: string, title: string) =>
    `${name} has a conflict of interest with “${title}” and cannot be assigned to it.`,
  overMaximum: (name: string, maximum: number) =>
    `${name} would review more than ${plural(maximum, 'paper')}, their maximum.`,
  paperDecided: (title: string) => `“${title}” has been decided; it no longer takes reviewers.`,
  paperNotFound: 'Paper not found.',
  nothingChosen: 'Choose at least one member.',
  papersRequired: 'Choose at least one paper.',
  tooManyPapers: `You can assign reviewers to up to ${formatCount(ASSIGNMENT_LIMITS.papersAtOnce)} papers at a time.`,
  tooManyMembers: `You can choose up to ${ASSIGNMENT_LIMITS.membersAtOnce} members at a time.`,
  reviewsPerPaperInvalid: `Reviews per paper is a whole number from ${ASSIGNMENT_LIMITS.reviewsPerPaper.min} to ${ASSIGNMENT_LIMITS.reviewsPerPaper.max}.`,
  planEmpty: 'The plan assigns nothing.',
  planTooLarge: `A plan can hold up to ${formatCount(ASSIGNMENT_LIMITS.planPairs)} reviews.`,
  planStale: 'The committee or the papers changed since this plan was made. Make a new plan.',
  assigned: (reviews: number, members: number, mailed: boolean) =>
    reviews === 0
      ? 'Everyone chosen already reviews these papers: nothing was assigned.'
      : `${plural(reviews, 'review')} assigned to ${plural(members, 'member')}` +
        (mailed ? '; each was e-mailed their new papers.' : '.'),
  alreadyAssigned: (count: number) => ` ${plural(count, 'pair')} already assigned stayed as they were.`,
  unassigned: (name: string) => `${name} no longer reviews this paper.`,
  notAssigned: (name: string) => `${name} does not review this paper.`,
  reviewSubmitted: (name: string) => `${name} has submitted a review of this paper; it stays on record.`,
  reviewStarted: (name: string) =>
    `${name} has already written a review of this paper; it cannot be taken away from them.`,
  /** Why the plan leaves a paper short of its reviewers. */
  shortOfEligible: (eligible: number) =>
    eligible === 0
      ? 'No member can review it: every one has a conflict or already reviews it.'
      : `Only ${plural(eligible, 'member')} without a conflict can review it.`,
  declaredByMember: 'Declared a conflict while bidding',
  declaredByOrganiser: (note: string) => `Declared by an organiser: ${note}`,
  shortOfCapacity: 'The members who could review it have reached their maximum.',
  /** Why the plan gives a member a paper they marked "Not my area". */
  notMyAreaReason: {
    no_other_member:
      'No other member can review it: each has a conflict, already reviews it, or marked it Not my area too.',
    others_at_maximum: 'The other members who could review it have reached their maximum.',
  } satisfies Record<NotMyAreaReason, string>,
} as const;
