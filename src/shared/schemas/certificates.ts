import { z } from 'zod';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { publishable } from '../domain/publishable-text.ts';
import { CERTIFICATE_KINDS, CERTIFICATE_LIMITS, CERTIFICATE_TEXTS } from '../domain/certificates.ts';
import { okResponse } from './responses.ts';

/** One certificate a paper's author may download, or why not (yet). */
export const ownCertificateSchema = z
  .object({
    kind: z.enum(CERTIFICATE_KINDS),
    /** The name it prints (or would print): the paper's presenting author's, or as the organisers corrected it. */
    holderName: z.string(),
    /** Where to download it; null when it cannot be, and `reason` says why. */
    downloadPath: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'OwnCertificate' });
export type OwnCertificate = z.infer<typeof ownCertificateSchema>;

export const ownCertificatesResponseSchema = okResponse({ certificates: z.array(ownCertificateSchema) });

/** An issued certificate as the organisers see it, withdrawn and replaced ones included (its history). */
export const issuedCertificateSchema = z.object({
  _id: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  holderName: z.string(),
  verificationCode: z.string(),
  issuedAt: z.string(),
  withdrawnAt: z.string().nullable(),
  /** The certificate reissued in its place. */
  replacedBy: z.string().nullable(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

/** A participant and their certificates: which kinds they may have, and every one issued (oldest first). */
export const certificateHolderSchema = z
  .object({
    participantId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    ictacemId: z.string().nullable(),
    eligible: z.array(z.enum(CERTIFICATE_KINDS)),
    certificates: z.array(issuedCertificateSchema),
  })
  .meta({ id: 'CertificateHolder' });
export type CertificateHolder = z.infer<typeof certificateHolderSchema>;

export const certificateHoldersResponseSchema = okResponse({
  /** Whether the conference has ended, so that certificates are issued. */
  open: z.boolean(),
  holders: z.array(certificateHolderSchema),
});

export const certificateReissueBodySchema = z.object({
  holderName: z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, CERTIFICATE_TEXTS.holderNameRequired)
        .max(CERTIFICATE_LIMITS.holderName, CERTIFICATE_TEXTS.holderNameTooLong)
        .superRefine(publishable('Name'))
        .superRefine(printableInPdfs('Name')),
    ),
});
export type CertificateReissueBody = z.input<typeof certificateReissueBodySchema>;

export const certificateChangedResponseSchema = okResponse({
  message: z.string(),
  certificate: issuedCertificateSchema,
});
