// Certificates of participation and presentation: on the letters' letterhead and layout (fonts for
// every script, the verification code and QR code of the address where anyone can check them).
import { type Letterhead, type LetterSignature, renderLetter } from '../letters/letter-layout.ts';
import type { CertificateKind } from '@shared/domain/certificates.ts';
import { CERTIFICATE_KIND_LABELS } from '@shared/domain/certificates.ts';

export interface CertificateInput {
  kind: CertificateKind;
  letterhead: Letterhead;
  signature: LetterSignature;
  conference: { fullName: string; shortName: string; venue: string };
  holderName: string;
  affiliation: string;
  /** The days it attests: the conference's for participation, the presentation's day. */
  date: string;
  /** A presentation's paper title, session and whether it was a talk or a poster. */
  presentation?: { title: string; session: string; form: 'talk' | 'poster' };
  issuedAt: Date;
  verificationCode: string;
  verificationUrl: string;
}

export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { conference, holderName, presentation } = input;
  const heading = CERTIFICATE_KIND_LABELS[input.kind];
  const of = input.affiliation ? `${holderName} (${input.affiliation})` : holderName;
  const statement = presentation
    ? `This is to certify that ${of} presented the ${presentation.form} “${presentation.title}” in the session ` +
      `“${presentation.session}” on ${input.date} at the ${conference.fullName} (${conference.shortName}), ${conference.venue}.`
    : `This is to certify that ${of} participated in the ${conference.fullName} (${conference.shortName}), ` +
      `held on ${input.date} at ${conference.venue}.`;
  const details: [string, string][] = [
    ['Name', holderName],
    ['Conference', conference.shortName],
    ['Date', input.date],
  ];
  if (presentation)
    details.push(
      [presentation.form === 'poster' ? 'Poster' : 'Talk', presentation.title],
      ['Session', presentation.session],
    );
  return renderLetter({
    title: `${heading} ${holderName}`,
    issuer: conference.shortName,
    letterhead: input.letterhead,
    signature: input.signature,
    issuedAt: input.issuedAt,
    recipient: [],
    reference: `${conference.shortName}, ${input.date}`,
    heading,
    salutation: '',
    body: [{ paragraph: statement }, { details }],
    closing: 'For the organising committee,',
    verificationCode: input.verificationCode,
    verificationUrl: input.verificationUrl,
    documentName: 'certificate',
  });
}
