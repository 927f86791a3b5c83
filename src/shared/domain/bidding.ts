import { formatConferenceTime } from './deadlines.ts';

/**
 * Committee members say, between the Bidding dates, which papers they would like to review.
 * "Conflict" is not kept as a bid: it declares a conflict of interest (shared/domain/conflicts.ts).
 */
export const PREFERENCE_BIDS = ['eager', 'willing', 'not_my_area'] as const;
export type PreferenceBid = (typeof PREFERENCE_BIDS)[number];
export const BIDS = [...PREFERENCE_BIDS, 'conflict'] as const;
export type Bid = (typeof BIDS)[number];

export const BID_LABELS: Record<Bid, string> = {
  eager: 'Eager',
  willing: 'Willing',
  not_my_area: 'Not my area',
  conflict: 'Conflict',
};

/** Papers still being decided are bid on; a decided one is past the committee's reading. */
export const BIDDABLE_STATUSES = ['review_awaited', 'review_in_progress', 'author_response_awaited'] as const;

export const BIDDING_TEXTS = {
  notOpenYet: (opensAt: string) => `Bidding opens on ${formatConferenceTime(opensAt)}.`,
  closed: (closesAt: string) => `Bidding closed on ${formatConferenceTime(closesAt)}.`,
  paperNotFound: 'Paper not found.',
  saved: (title: string, bid: Bid | null) =>
    bid === null ? `Your bid on “${title}” was cleared.` : `“${title}”: ${BID_LABELS[bid]}.`,
  conflictKept:
    'Declared as a conflict: the paper will not be assigned to you, and you will not see it once bidding closes.',
} as const;
