import { formatCount } from '../format/numbers.ts';

/**
 * The letters' kinds, states, limits and words, without their schemas (schemas/letters.ts): the
 * author's profile shows them before it needs the form libraries.
 */

export const LETTER_KINDS = ['acceptance', 'visa'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
export const LETTER_KIND_LABELS: Record<LetterKind, string> = {
  acceptance: 'Acceptance letter',
  visa: 'Visa invitation letter',
};

export const VISA_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type VisaRequestStatus = (typeof VISA_REQUEST_STATUSES)[number];
export const VISA_REQUEST_STATUS_LABELS: Record<VisaRequestStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  declined: 'Declined',
};

export const VISA_LIMITS = { fullName: 100, nationality: 60, note: 1000, minAge: 16, maxAge: 100 } as const;

/** The longest code the verification page's field takes (a letter's code is 19 characters). */
export const LETTER_CODE_FIELD_MAX = 64;

export const LETTER_TEXTS = {
  acceptanceNotAccepted: 'The acceptance letter is available once your abstract is accepted.',
  acceptanceNotAcceptedAdmin: 'This paper is not accepted, so it has no acceptance letter.',
  noAcceptedPapers: 'No paper is accepted yet, so there are no acceptance letters to download.',
  visaNotAccepted: 'A visa invitation letter can be requested once your abstract is accepted.',
  visaNotPaid: 'A visa invitation letter can be requested once your registration payment ID is recorded.',
  visaPending: 'Your visa letter request is already under review. You will be notified of the decision.',
  visaNoLongerEligible: 'The paper is no longer accepted and paid: decline the request instead.',
  letterNotFound: 'Letter not found.',
  letterWithdrawn: 'This letter was withdrawn because the paper is no longer accepted.',
  requestNotFound: 'Visa letter request not found.',
  requestDecided: 'This request has already been decided.',
  unknownCode: 'No letter has this verification code.',
  codeRequired: 'Please enter the verification code printed on the letter.',
  codeTooLong: `The verification code is limited to ${formatCount(LETTER_CODE_FIELD_MAX)} characters.`,
  fullNameRequired: 'Please enter your full name exactly as in your passport.',
  fullNameTooLong: `The full name is limited to ${VISA_LIMITS.fullName} characters.`,
  fullNameInvalid: 'Use only the letters, spaces, hyphens, apostrophes and dots of the name in your passport.',
  nationalityRequired: 'Please enter your nationality.',
  nationalityTooLong: `The nationality is limited to ${VISA_LIMITS.nationality} characters.`,
  nationalityInvalid: 'Enter the nationality in letters, e.g. Indian or French.',
  passportInvalid: 'Enter the passport number as printed: 5 to 20 letters and digits.',
  dateOfBirthInvalid: 'Enter the date of birth as in your passport (YYYY-MM-DD).',
  dateOfBirthFuture: 'The date of birth cannot be in the future.',
  dateOfBirthImplausible: `Please check the date of birth: it must be between ${VISA_LIMITS.minAge} and ${VISA_LIMITS.maxAge} years ago.`,
  noteRequired: 'Please write a note telling the author why the request is declined.',
  noteTooLong: `The note is limited to ${formatCount(VISA_LIMITS.note)} characters.`,
  requested: 'Your request for a visa invitation letter was sent. The organisers will review it.',
  approved: 'The visa invitation letter was issued and the author notified.',
  declined: 'The request was declined and the author notified.',
} as const;

/**
 * What is wrong with a code typed into the public verification page, or null: a check this small
 * needs no form library, so the page loads none (the server judges the code again).
 */
export function letterCodeProblem(typed: string): string | null {
  const code = typed.trim();
  if (code === '') return LETTER_TEXTS.codeRequired;
  if (code.length > LETTER_CODE_FIELD_MAX) return LETTER_TEXTS.codeTooLong;
  return null;
}
