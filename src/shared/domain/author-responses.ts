import { formatCount } from '../format/numbers.ts';
import { WORKFLOW_MESSAGES } from './paper-workflow.ts';

/**
 * The author's response to the reviews (the response round): asked for by setting a paper to
 * Author Response Awaited, written on the profile's paper card, submitted once (an organiser may
 * reopen it), then read by the committee beside the reviews.
 */
export const RESPONSE_WORD_LIMIT = { default: 500, min: 1, max: 10_000 } as const;

/** The longest text stored, whatever the word limit: a paste of a whole book is refused before it is counted. */
export const RESPONSE_MAX_CHARACTERS = 100_000;

/**
 * Words as a reader counts them, in every script: the Unicode word boundaries (UAX #29, with
 * the dictionary segmentation of Chinese, Japanese and Thai), counting only the segments that are
 * words (not spaces or punctuation). The server and the live count use the same function.
 */
export function countWords(text: string): number {
  if (!text.trim()) return 0;
  let words = 0;
  for (const segment of new Intl.Segmenter('en', { granularity: 'word' }).segment(text)) {
    if (segment.isWordLike) words += 1;
  }
  return words;
}

export const RESPONSE_TEXTS = {
  heading: 'Respond to the reviews',
  saveDraft: 'Save draft',
  submit: 'Submit response',
  draftSaved: 'Draft saved. The committee reads your response only once you submit it.',
  submitted: 'Your response was submitted. The committee will read it with the reviews.',
  overLimit: (limit: number, words: number) =>
    `Your response is limited to ${formatCount(limit)} words; it has ${formatCount(words)}.`,
  tooLong: `Your response is limited to ${formatCount(RESPONSE_MAX_CHARACTERS)} characters.`,
  empty: 'Please write your response before submitting it.',
  notAwaited: WORKFLOW_MESSAGES.responseNotAwaited,
  alreadySubmitted:
    'Your response is submitted and can no longer be changed. Ask the organisers if it needs to be reopened.',
  noFile: 'Please select a PDF file to upload',
  onlyPdf: 'Please select a PDF file only.',
  tooLarge: 'File size must be less than 10MB.',
  revisedAbstractSaved: 'The revised abstract was saved with your draft.',
  revisedAbstractRemoved: 'The revised abstract was removed from your draft.',
  noRevisedAbstract: 'There is no revised abstract to remove.',
  notFound: 'Response not found.',
  reopened: 'The response is reopened: its author may change it and submit it again.',
  nothingToReopen: 'There is no submitted response to reopen.',
  wordLimitInvalid: `The word limit is a whole number from ${RESPONSE_WORD_LIMIT.min} to ${formatCount(RESPONSE_WORD_LIMIT.max)}.`,
  wordLimitSaved: 'The word limit of the author response was saved.',
  /** Committee and organiser notices when a response comes in. */
  receivedTitle: 'An author responded to the reviews',
  received: (title: string) =>
    `The author of “${title}” responded to the reviews. Read the response on the paper’s review page; you may revise your mark.`,
  /** Committee notice when an organiser reopens the response they were told of. */
  reopenedTitle: 'An author’s response was reopened',
  reopenedNotice: (title: string) =>
    `The organisers reopened the author’s response to the reviews of “${title}”: the author may change it, and you will be told when it is submitted again.`,
} as const;
