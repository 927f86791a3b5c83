import type { PaperStatus } from '../constants.ts';
import { formatCount } from '../format/numbers.ts';
import { formatConferenceTime } from './deadlines.ts';

/**
 * A committee member's review of a paper assigned to them: a mark, their confidence, comments
 * for the authors and comments for the committee only. Saved as a draft, then submitted; it
 * can be changed until the paper is decided.
 */
export const CONFIDENCE_LEVELS = [1, 2, 3, 4, 5] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];
export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  1: 'Informed outsider',
  2: 'Some familiarity',
  3: 'Knowledgeable',
  4: 'Very knowledgeable',
  5: 'Expert',
};

export const REVIEW_LIMITS = { mark: { min: 0, max: 100 }, comments: 10_000 } as const;

export const REVIEW_TEXTS = {
  notFound: 'Review not found.',
  markInvalid: 'The mark is a whole number from 0 to 100.',
  markRequired: 'Please give a mark from 0 to 100.',
  confidenceInvalid: 'Choose a confidence from 1 to 5.',
  confidenceRequired: 'Please say how confident you are.',
  commentsRequired: 'Please write your comments to the authors.',
  commentsTooLong: `Comments are limited to ${formatCount(REVIEW_LIMITS.comments)} characters.`,
  decided: 'This paper has been decided; its review can no longer be changed.',
  alreadySubmitted: 'Your review is submitted: change it and submit it again.',
  draftSaved: 'Draft saved. Only you can see it until you submit it.',
  submitted: 'Your review was submitted. Thank you.',
  updated: 'Your review was updated.',
  due: (deadline: string) => `Reviews are due by ${formatConferenceTime(deadline)}.`,
  reminded: (members: number) =>
    members === 0
      ? 'Every review is in: there is nobody to remind.'
      : `Reminders are on their way to ${formatCount(members)} member${members === 1 ? '' : 's'}.`,
  remindedInSite: (members: number) =>
    members === 0
      ? 'Every review is in: there is nobody to remind.'
      : `${formatCount(members)} member${members === 1 ? ' was' : 's were'} reminded in the site (no mail server is configured, so no e-mail was sent).`,
  shared: 'The reviewers’ comments are now shared with the author, as Reviewer 1, Reviewer 2…',
  unshared: 'The reviewers’ comments are no longer shared with the author.',
  decideFirst: 'Decide the paper first: the reviewers’ comments are shared with the decision.',
  shareWithDecision: 'Share reviewers’ comments with the author',
  nothingToShare: 'No submitted review has comments for the authors yet.',
  overdue: (deadline: string) =>
    `Reviews were due by ${formatConferenceTime(deadline)}; please submit yours as soon as you can.`,
} as const;

/**
 * How a reviewer is known on a paper to its other reviewers, its author, and beside their name to
 * the organisers: the number given at their assignment (committee_reviews.reviewer_number), the
 * same on every page and in every e-mail.
 */
export const reviewerLabel = (reviewerNumber: number) => `Reviewer ${reviewerNumber}`;

/** The decisions with which the reviewers' comments may be shared with the author. */
export const DECIDED_STATUSES: readonly PaperStatus[] = ['abstract_accepted', 'declined'];
export const isDecided = (status: PaperStatus) => DECIDED_STATUSES.includes(status);

/** A paper's reviewers disagree when their marks are this far apart (highest less lowest). */
export const DISAGREEMENT_SPREAD = 30;

export interface MarksSummary {
  submitted: number;
  mean: number | null;
  /** The mean with each mark weighted by its reviewer's confidence: the committee's suggested mark. */
  weightedMean: number | null;
  spread: number | null;
  disagreement: boolean;
}

/** Combines the submitted reviews' marks; rounded to one decimal, as the organisers read them. */
export function summariseMarks(reviews: readonly { mark: number; confidence: number }[]): MarksSummary {
  if (reviews.length === 0) return { submitted: 0, mean: null, weightedMean: null, spread: null, disagreement: false };
  const round = (value: number) => Math.round(value * 10) / 10;
  const marks = reviews.map((review) => review.mark);
  const weights = reviews.reduce((sum, review) => sum + review.confidence, 0);
  const spread = Math.max(...marks) - Math.min(...marks);
  return {
    submitted: reviews.length,
    mean: round(marks.reduce((sum, mark) => sum + mark, 0) / reviews.length),
    weightedMean: round(reviews.reduce((sum, review) => sum + review.mark * review.confidence, 0) / weights),
    spread,
    disagreement: spread >= DISAGREEMENT_SPREAD,
  };
}

/** A paper's reviews as the paper list and the records show them. */
export interface ReviewTally {
  /** Reviews that count: submitted, or by a member still on the committee. */
  assigned: number;
  submitted: number;
  mean: number | null;
  spread: number | null;
  disagreement: boolean;
}

/** The tally from the counts and the marks the database combined (papers.review_mean, review_spread). */
export function reviewTally(
  counts: { assigned: number; submitted: number },
  mean: number | null,
  spread: number | null,
): ReviewTally {
  return {
    assigned: counts.assigned,
    submitted: counts.submitted,
    mean,
    spread,
    disagreement: spread !== null && spread >= DISAGREEMENT_SPREAD,
  };
}
