import type { JobKind } from '@shared/schemas/background-jobs.ts';
import { bookOfAbstractsJob } from './book-of-abstracts.job.ts';
import { certificatesMailJob } from './certificates-mail.job.ts';
import { certificatesZipJob } from './certificates-zip.job.ts';
import type { JobHandler } from './job-runner.ts';
import { paperFilesZipJob } from './paper-files-zip.job.ts';
import { paymentReceiptsZipJob } from './payment-receipts-zip.job.ts';

/** What each kind of background job does. */
export const JOB_HANDLERS: Record<JobKind, JobHandler> = {
  book_of_abstracts: bookOfAbstractsJob,
  paper_files_zip: paperFilesZipJob,
  payment_receipts_zip: paymentReceiptsZipJob,
  certificates_zip: certificatesZipJob,
  certificates_mail: certificatesMailJob,
};
