import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type BackgroundJob,
  type BookOrder,
  type BookReport,
  filesZipRequestSchema,
  JOB_TEXTS,
  type PaperFileKind,
} from '@shared/schemas/background-jobs.ts';
import { conferenceIdLabel } from '@shared/conference.ts';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import { Button, buttonClass } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { formatCount, formatFileSize } from '@shared/format/numbers.ts';
import { requestJob, useBookPreflight, useJob, useLatestJob } from './background-jobs-api.ts';
import { Alert } from '@client/components/ui/alert.tsx';

/** Starts a job once, however often its button is pressed, and follows it. */
function useJobStarter() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const starting = useRef(false);
  const job = useJob(jobId);
  const start = async (request: Parameters<typeof requestJob>[0]) => {
    if (starting.current) return;
    starting.current = true;
    setError('');
    try {
      setJobId((await requestJob(request))._id);
    } catch (failure) {
      setError(errorText(failure, 'The job could not be started.'));
    } finally {
      starting.current = false;
    }
  };
  return { job: job.data, start, error, started: jobId !== null };
}

/** A job's state: progress while it runs, then its download and what it could not include. */
function JobState({ job, what }: { job: BackgroundJob; what: string }) {
  if (job.status === 'queued' || job.status === 'running') {
    const { progressDone: done, progressTotal: total } = job;
    return (
      <div className="space-y-2">
        <progress value={done} max={total || 1} className="h-2 w-full" aria-label={`${what}: progress`} />
        <p role="status" className="text-sm text-slate-700">
          {job.status === 'queued'
            ? 'Waiting to start...'
            : `Working: ${formatCount(done)} of ${formatCount(total)} done. You may close this window: the work goes on.`}
        </p>
      </div>
    );
  }
  if (job.status === 'failed') {
    return <Alert>{job.error ?? 'The job failed.'}</Alert>;
  }
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-700" data-testid="job-done">
        Ready{job.finishedAt ? ` since ${formatDateTime(job.finishedAt)}` : ''}
        {job.requestedBy ? `, asked for by ${job.requestedBy}` : ''}.
      </p>
      {job.downloadPath && (
        <a href={job.downloadPath} download className={buttonClass('primary')}>
          Download {job.fileName}
          {job.sizeBytes !== null && ` (${formatFileSize(job.sizeBytes)})`}
        </a>
      )}
      {job.problems.length > 0 && (
        <div>
          <p className="text-sm font-semibold text-slate-900">
            Not included: {formatCount(job.problems.length)} {job.problems.length === 1 ? 'file' : 'files'}
          </p>
          <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto text-sm" aria-label="Not included">
            {job.problems.map((problem, index) => (
              <li key={index} className="rounded-md bg-amber-50 px-3 py-1.5 break-words text-amber-900">
                <span className="font-mono text-xs">{problem.ictacemId}</span> {problem.title}: {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The finished book's fonts and its manifest: each abstract's start page and preflight verdict. */
function BookReportDetails({ report }: { report: BookReport }) {
  const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
  return (
    <div className="space-y-2 text-sm text-slate-800" data-testid="book-report">
      <p>
        {report.embedStandardFonts
          ? `Standard fonts embedded by the book: in ${count(report.abstractsWithFontsEmbedded, 'abstract', 'abstracts')}.`
          : 'Standard fonts were not embedded (not asked for).'}
      </p>
      {report.fontsNotEmbedded.length > 0 && (
        <div>
          <p className="font-semibold text-slate-900">
            Fonts still not embedded: {count(report.fontsNotEmbedded.length, 'abstract', 'abstracts')}
          </p>
          <ul className="mt-1 max-h-32 space-y-1 overflow-y-auto" aria-label="Fonts still not embedded">
            {report.fontsNotEmbedded.map((paper) => (
              <li key={paper.ictacemId} className="rounded-md bg-amber-50 px-3 py-1.5 break-words text-amber-900">
                <span className="font-mono text-xs">{paper.ictacemId}</span> {paper.fonts.join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.abstracts.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold text-slate-900">
            Abstracts in the book ({formatCount(report.abstracts.length)})
          </summary>
          <div className="mt-1 max-h-64 overflow-auto">
            <table className="w-full text-left text-xs">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 pr-2">
                    {conferenceIdLabel()}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Page
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Preflight
                  </th>
                  <th scope="col" className="py-1">
                    Fonts embedded by the book
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.abstracts.map((line) => (
                  <tr key={line.ictacemId} className="border-t border-slate-200 align-top">
                    <td className="py-1 pr-2 font-mono whitespace-nowrap" title={line.title}>
                      {line.ictacemId}
                    </td>
                    <td className="py-1 pr-2">{line.startPage}</td>
                    <td className="py-1 pr-2 break-words">{line.preflight}</td>
                    <td className="py-1 break-words">{line.fontsEmbedded.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </div>
  );
}

const FILE_CHOICES: { kind: PaperFileKind; label: string }[] = [
  { kind: 'abstract', label: 'Abstracts' },
  { kind: 'full_paper', label: 'Full papers' },
];

const filesFormSchema = filesZipRequestSchema.pick({ files: true });
type FilesForm = z.infer<typeof filesFormSchema>;

/** "Files (ZIP)": the abstracts and/or full papers of the selection or filter, made in the background. */
export function FilesZipDialog({
  audience,
  audienceText,
  onClose,
}: {
  audience: PaperAudience;
  audienceText: string;
  onClose: () => void;
}) {
  const { register, handleSubmit, watch } = useForm<FilesForm>({
    resolver: zodResolver(filesFormSchema),
    defaultValues: { files: ['abstract'] },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const noneChosen = watch('files').length === 0;
  const { job, start, error, started } = useJobStarter();
  return (
    <ModalDialog title="Files (ZIP)" onDismiss={onClose}>
      <div className="space-y-4">
        <p className="font-semibold text-slate-900">Of {audienceText}</p>
        {!started && (
          <form
            noValidate
            className="space-y-4"
            onSubmit={handleSubmit(({ files }) => start({ kind: 'paper_files_zip', audience, files }))}
          >
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Files</legend>
              {FILE_CHOICES.map(({ kind, label }) => (
                <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" value={kind} {...register('files')} />
                  {label}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-slate-600">
              Each file is named after its paper ({conferenceIdLabel()}, first author's surname) and listed with its
              SHA-256 in manifest.csv.
            </p>
            {noneChosen && <p className="text-sm text-red-700">{JOB_TEXTS.chooseFiles}</p>}
            {error && <Alert>{error}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={noneChosen}>
                Make the ZIP
              </Button>
            </div>
          </form>
        )}
        {started && (job ? <JobState job={job} what="Files ZIP" /> : <p role="status">Starting...</p>)}
        {started && (
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}

/** "Book of Abstracts (PDF)": the last book built, or a new one, built in the background. */
export function BookOfAbstractsDialog({ onClose }: { onClose: () => void }) {
  const latest = useLatestJob('book_of_abstracts');
  const { job: started, start, error } = useJobStarter();
  const job = started ?? latest.data ?? null;
  const busy = job?.status === 'queued' || job?.status === 'running';
  const [order, setOrder] = useState<BookOrder>('theme');
  const [embedStandardFonts, setEmbedStandardFonts] = useState(true);
  const preflight = useBookPreflight();
  return (
    <ModalDialog title="Book of Abstracts (PDF)" onDismiss={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Every accepted paper's abstract, after a cover and the contents, with page numbers and an author index.
          Abstracts that cannot be read are listed instead of breaking the book.
        </p>
        {preflight.data && preflight.data.messages.length > 0 && (
          <div
            role="note"
            data-testid="book-preflight"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <ul className="list-disc space-y-1 pl-5">
              {preflight.data.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
            {preflight.data.fontsNotEmbedded.length > 0 && (
              <p className="mt-2 break-words">
                Fonts not embedded:{' '}
                {preflight.data.fontsNotEmbedded
                  .map((paper) => `${paper.ictacemId} (${paper.fonts.join(', ')})`)
                  .join('; ')}
              </p>
            )}
            {preflight.data.notA4.length > 0 && (
              <p className="mt-1 break-words">
                Not A4:{' '}
                {preflight.data.notA4.map((paper) => `${paper.ictacemId} (${paper.sizes.join(', ')})`).join('; ')}
              </p>
            )}
          </div>
        )}
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Order</legend>
          {(
            [
              ['theme', 'By theme'],
              ['programme', 'As in the published programme, by session'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="book-order"
                value={value}
                checked={order === value}
                onChange={() => setOrder(value)}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={embedStandardFonts}
            onChange={(event) => setEmbedStandardFonts(event.target.checked)}
            className="mt-0.5 size-4"
          />
          <span>
            Embed the standard fonts it can substitute
            <span className="block text-slate-600">
              Times, Helvetica (Arial), Courier, Symbol and Zapf Dingbats that an abstract names without embedding, with
              the same widths; other fonts stay as they are.
            </span>
          </span>
        </label>
        {latest.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading...
          </p>
        ) : job ? (
          <>
            <JobState job={job} what="Book of Abstracts" />
            {job.status === 'done' && job.book && <BookReportDetails report={job.book} />}
          </>
        ) : (
          <p className="text-sm text-slate-600">No book has been built yet.</p>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => void start({ kind: 'book_of_abstracts', order, embedStandardFonts })}
            disabled={busy || latest.isPending}
          >
            {job ? 'Build it again' : 'Build the Book of Abstracts'}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** "Receipts (ZIP)": every confirmed payment's receipt with a manifest, the last one made or a new one. */
export function ReceiptsZipDialog({ onClose }: { onClose: () => void }) {
  const latest = useLatestJob('payment_receipts_zip');
  const { job: started, start, error } = useJobStarter();
  const job = started ?? latest.data ?? null;
  const busy = job?.status === 'queued' || job?.status === 'running';
  return (
    <ModalDialog title="Receipts (ZIP)" onDismiss={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          The payment receipt of every confirmed payment, as its author downloads it, and manifest.csv listing each
          receipt&apos;s number, paper, payer, amount, date received, rate and verification code. Receipts not issued
          yet are issued now.
        </p>
        {latest.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading...
          </p>
        ) : job ? (
          <JobState job={job} what="Receipts ZIP" />
        ) : (
          <p className="text-sm text-slate-600">No receipts ZIP has been made yet.</p>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void start({ kind: 'payment_receipts_zip' })} disabled={busy || latest.isPending}>
            {job ? 'Make it again' : 'Make the ZIP'}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

const CERTIFICATE_JOBS = {
  certificates_zip: {
    title: 'Certificates (ZIP)',
    what: 'Certificates ZIP',
    explanation:
      'Every certificate participants may have, as they download it, and manifest.csv listing each one’s name, e-mail, date and verification code. Certificates not issued yet are issued now; withdrawn ones are left out.',
    none: 'No certificates ZIP has been made yet.',
    start: 'Make the ZIP',
  },
  certificates_mail: {
    title: 'E-mail certificates',
    what: 'Certificates e-mail',
    explanation:
      'Each participant gets one e-mail with their certificates attached as PDFs (the “Certificates” e-mail template), through the outbox, which shows each delivery. Asked again, it sends them all again.',
    none: 'No certificates have been e-mailed yet.',
    start: 'Send the e-mails',
  },
} as const;

/** The ZIP of every certificate, or the e-mails: made in the background, the last one shown. */
export function CertificatesJobDialog({ kind, onClose }: { kind: keyof typeof CERTIFICATE_JOBS; onClose: () => void }) {
  const texts = CERTIFICATE_JOBS[kind];
  const latest = useLatestJob(kind);
  const { job: started, start, error } = useJobStarter();
  const job = started ?? latest.data ?? null;
  const busy = job?.status === 'queued' || job?.status === 'running';
  return (
    <ModalDialog title={texts.title} onDismiss={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{texts.explanation}</p>
        {latest.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading...
          </p>
        ) : job ? (
          <JobState job={job} what={texts.what} />
        ) : (
          <p className="text-sm text-slate-600">{texts.none}</p>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void start({ kind })} disabled={busy || latest.isPending}>
            {job ? 'Again' : texts.start}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
