// The letters authors download: an acceptance letter for their paper and, for registered authors
// who travel from abroad, a visa invitation letter. Both carry a code anyone can verify online.
import { type Letterhead, type LetterSignature, renderLetter } from './letter-layout.ts';
import { calendarDay, documentDay } from '@server/lib/document-dates.ts';

export type { Letterhead, LetterSignature } from './letter-layout.ts';

export interface LetterConference {
  fullName: string;
  shortName: string;
  dates: string;
  venue: string;
}

export interface AcceptanceLetterInput {
  letterhead: Letterhead;
  signature: LetterSignature;
  conference: LetterConference;
  authorName: string;
  authorAffiliation: string;
  paperTitle: string;
  ictacemId: string;
  decisionDate: Date;
  issuedAt: Date;
  verificationCode: string;
  verificationUrl: string;
}

export interface VisaLetterInput {
  letterhead: Letterhead;
  signature: LetterSignature;
  conference: LetterConference;
  fullNameAsInPassport: string;
  nationality: string;
  passportNumber: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  paperTitle: string;
  ictacemId: string;
  paymentId: string;
  issuedAt: Date;
  verificationCode: string;
  verificationUrl: string;
}

/** '1990-03-05' as '5 March 1990', which no reader can take for 3 May; anything else as given. */
function formatDateOfBirth(dateOfBirth: string): string {
  const date = new Date(`${dateOfBirth}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) && !Number.isNaN(date.getTime()) ? calendarDay(date) : dateOfBirth;
}

export async function renderAcceptanceLetter(input: AcceptanceLetterInput): Promise<Uint8Array> {
  const { conference } = input;
  return renderLetter({
    title: `Acceptance letter ${input.ictacemId}`,
    issuer: conference.shortName,
    letterhead: input.letterhead,
    signature: input.signature,
    issuedAt: input.issuedAt,
    recipient: [input.authorName, input.authorAffiliation].filter(Boolean),
    reference: `Ref.: ${input.ictacemId}`,
    heading: 'Letter of acceptance',
    salutation: `Dear ${input.authorName},`,
    body: [
      {
        paragraph:
          `We are pleased to inform you that your paper "${input.paperTitle}" (${input.ictacemId}) has been ` +
          `accepted for presentation at the ${conference.fullName} (${conference.shortName}), ` +
          `${conference.dates}, ${conference.venue}.`,
      },
      { paragraph: `The decision was made on ${documentDay(input.decisionDate)}.` },
      { paragraph: `We look forward to welcoming you at ${conference.shortName}.` },
    ],
    closing: 'Yours sincerely,',
    verificationCode: input.verificationCode,
    verificationUrl: input.verificationUrl,
  });
}

export async function renderVisaLetter(input: VisaLetterInput): Promise<Uint8Array> {
  const { conference } = input;
  const name = input.fullNameAsInPassport;
  return renderLetter({
    title: `Visa invitation letter ${input.ictacemId}`,
    issuer: conference.shortName,
    letterhead: input.letterhead,
    signature: input.signature,
    issuedAt: input.issuedAt,
    recipient: [],
    reference: `Ref.: ${input.ictacemId}`,
    heading: 'Invitation letter for visa purposes',
    salutation: 'To whom it may concern,',
    body: [
      {
        paragraph:
          `This is to certify that the person named below is a registered author of the accepted paper ` +
          `${input.ictacemId} "${input.paperTitle}" at the ${conference.fullName} (${conference.shortName}).`,
      },
      {
        details: [
          ['Full name (as in passport)', name],
          ['Nationality', input.nationality],
          ['Passport number', input.passportNumber],
          ['Date of birth', formatDateOfBirth(input.dateOfBirth)],
        ],
      },
      {
        paragraph:
          `${name} has paid the conference registration (payment ID ${input.paymentId}) and is invited to attend ` +
          `${conference.shortName}, held on ${conference.dates} at ${conference.venue}.`,
      },
      {
        paragraph:
          `The organisers kindly request the consulate to grant ${name} a visa for the purpose of attending ` +
          'the conference.',
      },
      {
        paragraph:
          'The conference does not cover travel, accommodation or any other costs of the visit, unless stated ' +
          'otherwise in writing.',
      },
    ],
    closing: 'Yours faithfully,',
    verificationCode: input.verificationCode,
    verificationUrl: input.verificationUrl,
  });
}
