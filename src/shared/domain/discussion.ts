import { formatCount } from '../format/numbers.ts';

/**
 * A paper's discussion among its reviewers and the organisers. A member reads it, and the other
 * reviews, only once their own review is submitted (so that no one anchors on the first mark);
 * members know each other as "Reviewer 1", "Reviewer 2" in every review mode. Authors never see it.
 */
export const DISCUSSION_LIMITS = { body: 5000 } as const;

export const DISCUSSION_TEXTS = {
  bodyRequired: 'Please write your message.',
  bodyTooLong: `A message is limited to ${formatCount(DISCUSSION_LIMITS.body)} characters.`,
  submitFirst: 'Submit your review to read the other reviews and take part in the discussion.',
  posted: 'Message posted.',
  /** A message whose writer's review is no longer on the paper. */
  formerReviewer: 'Former reviewer',
  organisers: 'Organisers',
} as const;
