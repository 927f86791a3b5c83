import { useId } from 'react';
import { CERTIFICATE_KIND_LABELS } from '@shared/domain/certificates.ts';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { useOwnCertificates } from './certificates-api.ts';

/** An accepted paper's certificates on the author's card: each one's download, or why not (yet). */
export function PaperCertificates({ paper }: { paper: AuthorPaper }) {
  return paper.status === 'abstract_accepted' ? <Certificates paperId={paper._id} /> : null;
}

function Certificates({ paperId }: { paperId: string }) {
  const headingId = useId();
  const own = useOwnCertificates(paperId);
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-lg border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Certificates
      </h3>
      {own.isPending ? (
        <p role="status" className="mt-1 text-sm text-slate-600">
          Loading your certificates...
        </p>
      ) : own.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {errorText(own.error, 'Your certificates could not be loaded.')}
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {own.data.certificates.map((certificate) => (
            <li key={certificate.kind} className="text-sm">
              {certificate.downloadPath ? (
                <a href={certificate.downloadPath} download className={buttonClass('secondary', 'w-full sm:w-auto')}>
                  {CERTIFICATE_KIND_LABELS[certificate.kind]}
                  <span className="sr-only"> (PDF download)</span>
                </a>
              ) : (
                <p className="text-slate-600">
                  <span className="font-semibold text-slate-800">{CERTIFICATE_KIND_LABELS[certificate.kind]}:</span>{' '}
                  {certificate.reason}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-600">
        Each certificate carries a verification code that anyone can check on this site.
      </p>
    </section>
  );
}
