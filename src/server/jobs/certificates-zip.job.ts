import { conferenceIdLabel, conferenceFileStem } from '@shared/conference.ts';
import { CERTIFICATE_KIND_LABELS, type CertificateKind } from '@shared/domain/certificates.ts';
import { csvLine, UTF8_BOM } from '../modules/admin-dashboard/csv.ts';
import {
  certificateFileName,
  countEligible,
  eligibleCertificates,
  renderCertificatePdf,
} from '../modules/certificates/certificates.service.ts';
import { type ZipEntry, zipStream } from '../lib/zip-archive.ts';
import { spreadsheetDay } from '../lib/document-dates.ts';
import type { JobHandler } from './job-runner.ts';

// A function: the ID's label is the configured conference's.
const manifestHeader = () => [
  'File',
  'Certificate',
  'Name',
  conferenceIdLabel(),
  'Date',
  'Verification Code',
  'Issued',
];

/**
 * Every certificate participants may have, issuing those not issued yet, with manifest.csv last
 * (one line per certificate, as printed, with its code). Each PDF is made when the archive
 * reaches it; withdrawn certificates are left out.
 */
export const certificatesZipJob: JobHandler = async ({ ctx, job, progress }) => {
  const total = await countEligible(ctx);
  await progress(0, total);
  const manifest = [UTF8_BOM, csvLine(manifestHeader())];
  // Read once the archive is written: how many certificates it holds.
  const report = { certificates: 0, problems: [] };
  async function* entries(): AsyncGenerator<ZipEntry> {
    let done = 0;
    for await (const { participant, certificates: held } of eligibleCertificates(ctx, job.requestedBy)) {
      await progress(done++, total);
      for (const certificate of held) {
        const printed = (key: string) => certificate.details[key] ?? '';
        const name = certificateFileName(certificate);
        report.certificates += 1;
        manifest.push(
          csvLine([
            name,
            CERTIFICATE_KIND_LABELS[certificate.kind as CertificateKind],
            printed('holderName'),
            participant.ictacemId ?? '',
            printed('date'),
            certificate.verificationCode,
            spreadsheetDay(certificate.issuedAt),
          ]),
        );
        yield { name, open: () => renderCertificatePdf(ctx, certificate) };
      }
    }
    yield { name: 'manifest.csv', open: async () => Buffer.from(manifest.join('')) };
  }
  return {
    file: {
      source: zipStream(entries()),
      fileName: `${conferenceFileStem()}-certificates.zip`,
      contentType: 'application/zip',
    },
    report,
  };
};
