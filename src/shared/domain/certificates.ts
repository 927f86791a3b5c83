/**
 * Certificates of participation and presentation: their kinds and words (the certificates module
 * prints them; the profile, the organisers' page and the verification page show them).
 */

export const CERTIFICATE_KINDS = ['participation', 'presentation'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, string> = {
  participation: 'Certificate of participation',
  presentation: 'Certificate of presentation',
};

export const CERTIFICATE_LIMITS = { holderName: 120 } as const;

export const CERTIFICATE_TEXTS = {
  notYet: 'Certificates are issued after the conference.',
  notCheckedIn: 'A certificate of participation is issued to participants checked in at the registration desk.',
  notInProgramme: 'A certificate of presentation is issued for a talk or poster in the published programme.',
  withdrawn: 'This certificate was withdrawn by the organisers.',
  notFound: 'Certificate not found.',
  alreadyReplaced: 'This certificate was already replaced: reissue the newest one.',
  participantNotFound: 'Participant not found.',
  holderNameRequired: 'Please enter the name as it should be printed.',
  holderNameTooLong: `The name is limited to ${CERTIFICATE_LIMITS.holderName} characters.`,
  withdrawnDone: 'The certificate is withdrawn: its code now says so.',
  reissued: 'The certificate is reissued with the corrected name; the old code now says it was replaced.',
  noCertificates: 'No participant is eligible for a certificate yet.',
} as const;
