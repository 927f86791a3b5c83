import { formatCount } from '../format/numbers.ts';

/**
 * The limits and texts of the organisers' bulk actions, apart from their schemas, so that a page
 * showing them does not build every request schema as it loads.
 */

/** Papers one bulk request changes: the client sends a large selection in batches of this size. */
export const BULK_BATCH_SIZE = 100;
/** The most papers "Select all N matching" takes into one action. */
export const BULK_SELECTION_MAX = 5000;

export const BULK_MESSAGES = {
  emptySelection: 'Select at least one paper.',
  tooManyInBatch: `At most ${BULK_BATCH_SIZE} papers in one request.`,
  tooManyMatching: `More than ${formatCount(BULK_SELECTION_MAX)} papers match: narrow the filter first.`,
  noneMatching: 'No papers match this filter.',
  alreadySo: 'Already in this status with the same comments.',
  notFound: 'This paper no longer exists.',
} as const;
