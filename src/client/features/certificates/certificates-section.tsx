import { lazy, type ReactNode, Suspense, useState } from 'react';
import { CERTIFICATE_KIND_LABELS, CERTIFICATE_TEXTS } from '@shared/domain/certificates.ts';
import type { CertificateHolder, IssuedCertificate } from '@shared/schemas/certificates.ts';
import { Button } from '@client/components/ui/button.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { participantCertificateUrl, useCertificateHolders, useWithdrawCertificate } from './certificates-api.ts';

/** The dialog and the form libraries are fetched when an organiser first opens it. */
const ReissueCertificateDialog = lazy(async () => ({
  default: (await import('./reissue-certificate-dialog.tsx')).ReissueCertificateDialog,
}));

/** "Certificates": who may have which, every one issued with its history, and the ZIP and e-mails of all. */
export function CertificatesSection({ jobs }: { jobs: ReactNode }) {
  const holders = useCertificateHolders();
  const [reissuing, setReissuing] = useState<IssuedCertificate | null>(null);
  const withCertificates = holders.data?.holders.filter((h) => h.eligible.length > 0 || h.certificates.length > 0);
  return (
    <Panel title="Certificates" headingLevel={2} id="certificates">
      <p className="text-sm text-slate-600">
        After the conference, participants checked in at the desk have a certificate of participation, and presenting
        authors whose talk or poster was in the published programme a certificate of presentation. Authors download
        theirs from their profile; anyone checks one by its code on the verification page.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">{jobs}</div>
      {holders.isPending ? (
        <Spinner label="Loading the certificates" />
      ) : holders.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorText(holders.error, 'The certificates could not be loaded.')}
        </p>
      ) : !holders.data.open ? (
        <p className="mt-3 text-sm text-slate-600">{CERTIFICATE_TEXTS.notYet}</p>
      ) : withCertificates!.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{CERTIFICATE_TEXTS.noCertificates}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Certificate holders">
          {withCertificates!.map((holder) => (
            <HolderRow key={holder.participantId} holder={holder} onReissue={setReissuing} />
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        {reissuing && <ReissueCertificateDialog certificate={reissuing} onClose={() => setReissuing(null)} />}
      </Suspense>
    </Panel>
  );
}

function HolderRow({
  holder,
  onReissue,
}: {
  holder: CertificateHolder;
  onReissue: (certificate: IssuedCertificate) => void;
}) {
  const withdraw = useWithdrawCertificate();
  const toast = useToast();
  const onWithdraw = async (certificate: IssuedCertificate) => {
    if (!window.confirm(`Withdraw ${certificate.holderName}'s certificate ${certificate.verificationCode}?`)) return;
    try {
      toast.success((await withdraw.mutateAsync(certificate._id)).message);
    } catch (caught) {
      toast.error(errorText(caught, 'The certificate could not be withdrawn.'));
    }
  };
  return (
    <li className="py-3 text-sm" data-testid="certificate-holder">
      <p className="font-semibold text-slate-900">{holder.name}</p>
      <p className="text-slate-600 wrap-anywhere">{[holder.email, holder.ictacemId].filter(Boolean).join(' · ')}</p>
      <div className="mt-1 flex flex-wrap gap-3">
        {holder.eligible.map((kind) => (
          <a
            key={kind}
            className="text-brand-700 hover:underline"
            href={participantCertificateUrl(holder.participantId, kind)}
            download
          >
            {CERTIFICATE_KIND_LABELS[kind]}
            <span className="sr-only"> of {holder.name}</span>
          </a>
        ))}
      </div>
      {holder.certificates.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label={`Certificates issued to ${holder.name}`}>
          {holder.certificates.map((certificate) => (
            <li key={certificate._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>
                {CERTIFICATE_KIND_LABELS[certificate.kind]} · {certificate.holderName} ·{' '}
                <span className="font-mono text-xs">{certificate.verificationCode}</span> · issued{' '}
                {formatDateTime(certificate.issuedAt)}
              </span>
              {certificate.replacedBy ? (
                <span className="rounded bg-slate-100 px-2 py-0.5">Replaced</span>
              ) : certificate.withdrawnAt ? (
                <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-900">
                  Withdrawn {formatDateTime(certificate.withdrawnAt)}
                </span>
              ) : (
                <Button variant="ghost" disabled={withdraw.isPending} onClick={() => void onWithdraw(certificate)}>
                  Withdraw<span className="sr-only"> {certificate.verificationCode}</span>
                </Button>
              )}
              {!certificate.replacedBy && (
                <Button variant="ghost" onClick={() => onReissue(certificate)}>
                  Reissue<span className="sr-only"> {certificate.verificationCode}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
