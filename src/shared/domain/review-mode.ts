import { conferenceIdLabel } from '../conference.ts';

/**
 * How blind the committee's reviewing is. Single-blind: members see who wrote a paper; authors
 * never learn who reviewed it. Double-blind: members never see the authors either (names,
 * affiliations, e-mails, ICTACEM IDs, original file names, the PDF's document information).
 * In both, authors and other members know reviewers only as "Reviewer 1", "Reviewer 2".
 */
export const REVIEW_MODES = ['single_blind', 'double_blind'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

export const REVIEW_MODE_LABELS: Record<ReviewMode, string> = {
  single_blind: 'Single-blind',
  double_blind: 'Double-blind',
};

export const REVIEW_MODE_TEXTS = {
  descriptions: {
    single_blind: 'Members see the authors of the papers they review; authors never learn who reviewed them.',
    get double_blind() {
      return `Members never see who wrote a paper: no names, affiliations, e-mails, ${conferenceIdLabel()}s or file names, and the abstract they receive holds only its pages, without the file’s document information. Authors are asked to anonymise their abstracts.`;
    },
  } satisfies Record<ReviewMode, string>,
  saved: (mode: ReviewMode) => `Review mode: ${REVIEW_MODE_LABELS[mode]}.`,
  invalid: 'Choose Single-blind or Double-blind.',
  /** The site rewrites the file without its document information, but cannot edit what the pages print. */
  removeNamesFromPdf: 'Remove your names from the PDF: the committee reviews it without them.',
  anonymiseAbstract:
    'Reviewing is double-blind: leave the authors’ names, affiliations and acknowledgements out of your extended abstract, and cite your own earlier work as you would anyone else’s.',
  notAnonymisable: 'This abstract could not be prepared for blind review. Please tell the organisers.',
} as const;
