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
  overdue: (deadline: string) =>
    `Reviews were due by ${formatConferenceTime(deadline)}; please submit yours as soon as you can.`,
} as const;
