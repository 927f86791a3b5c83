import { Readable } from 'node:stream';
import { conferenceFileStem, currentConference } from '@shared/conference.ts';
import { CERTIFICATE_KIND_LABELS, type CertificateKind } from '@shared/domain/certificates.ts';
import type { JobProblem } from '@shared/schemas/background-jobs.ts';
import { csvLine, UTF8_BOM } from '../modules/admin-dashboard/csv.ts';
import {
  certificateFileName,
  countEligible,
  eligibleCertificates,
  markCertificatesMailed,
  renderCertificatePdf,
} from '../modules/certificates/certificates.service.ts';
import { bulletList, oneLine, renderMail, siteLink } from '../modules/mail-templates/mail-rendering.ts';
import type { JobHandler } from './job-runner.ts';

const LIST_HEADER = ['Name', 'E-mail', 'Certificates', 'Verification Codes'];
const ALREADY_MAILED = 'Already e-mailed.';

/**
 * Every participant's certificates, issued as reached, e-mailed to them through the outbox with
 * the PDFs attached (the outbox shows each mail's delivery). Participants without an e-mail
 * address are the job's problems; the job leaves the list of the mails it queued.
 */
export const certificatesMailJob: JobHandler = async ({ ctx, job, progress }) => {
  const total = await countEligible(ctx);
  await progress(0, total);
  const lines = [UTF8_BOM, csvLine(LIST_HEADER)];
  const problems: JobProblem[] = [];
  let done = 0;
  for await (const { participant, certificates: held } of eligibleCertificates(ctx, job.requestedBy)) {
    await progress(done++, total);
    // A run again, or one resumed after a restart, mails only what has not been mailed (a
    // reissued certificate is new, so it goes out).
    const certificates = held.filter((certificate) => certificate.mailedAt === null);
    if (certificates.length === 0) {
      problems.push({ ictacemId: participant.ictacemId ?? '', title: participant.name, reason: ALREADY_MAILED });
      continue;
    }
    const labels = certificates.map((certificate) => CERTIFICATE_KIND_LABELS[certificate.kind as CertificateKind]);
    if (!participant.email) {
      problems.push({ ictacemId: participant.ictacemId ?? '', title: participant.name, reason: 'No e-mail address.' });
      continue;
    }
    const attachments: { filename: string; contentType: string; content: string; encoding: 'base64' }[] = [];
    for (const certificate of certificates)
      attachments.push({
        filename: certificateFileName(certificate),
        contentType: 'application/pdf',
        content: Buffer.from(await renderCertificatePdf(ctx, certificate)).toString('base64'),
        encoding: 'base64',
      });
    const mail = await renderMail(ctx.db, 'certificates_sent', {
      conference: currentConference().shortName,
      name: oneLine(certificates[0]!.details.holderName ?? participant.name),
      certificates: bulletList(
        certificates.map(
          (certificate, index) => `${labels[index]} (verification code ${certificate.verificationCode})`,
        ),
      ),
      verifyLink: siteLink(ctx.config, 'verify-letter'),
    });
    await ctx.db.transaction(async (tx) => {
      await ctx.outbox.enqueue(tx, {
        kind: 'certificate',
        to: participant.email!,
        subject: mail.subject,
        text: mail.text,
        attachments,
        paperId: participant.paperId,
        queuedBy: job.requestedBy ?? undefined,
      });
      await markCertificatesMailed(
        tx,
        certificates.map((certificate) => certificate.id),
        ctx.now(),
      );
    });
    lines.push(
      csvLine([
        certificates[0]!.details.holderName ?? participant.name,
        participant.email,
        labels.join('; '),
        certificates.map((certificate) => certificate.verificationCode).join('; '),
      ]),
    );
  }
  ctx.outbox.kick();
  return {
    file: {
      source: Readable.from([Buffer.from(lines.join(''))]),
      fileName: `${conferenceFileStem()}-certificates-sent.csv`,
      contentType: 'text/csv; charset=utf-8',
    },
    report: { mails: lines.length - 2, problems },
  };
};
