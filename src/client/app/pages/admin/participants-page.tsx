import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { CertificatesSection } from '@client/features/certificates/certificates-section.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

// The participants' forms (the form libraries) load after the page has painted.
const ParticipantsSection = lazy(async () => ({
  default: (await import('@client/features/participants/participants-section.tsx')).ParticipantsSection,
}));

/** /admin/participants: who attends, their badges, the volunteers, the check-in counts and the certificates. */
export default function ParticipantsPage() {
  useDocumentTitle('Participants');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} />
          {/* A screen high from the first paint: the footer never shows and is pushed away (a layout shift). */}
          <div className="mx-auto min-h-screen w-full max-w-7xl px-4 py-6">
            <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Dashboard
            </Link>
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Participants</h1>
            {/* Drawn with the participants' panels: drawn before them, it was pushed down the screen. */}
            <LoadBoundary fallback={<Spinner label="Loading participants..." />}>
              <ParticipantsSection after={<CertificatesSection jobs={<CertificateJobs />} />} />
            </LoadBoundary>
          </div>
        </>
      )}
    </AdminGuard>
  );
}

/** The jobs' dialog is fetched when an organiser first opens it. */
const CertificatesJobDialog = lazy(async () => ({
  default: (await import('@client/features/admin-dashboard/papers/job-dialogs.tsx')).CertificatesJobDialog,
}));

/** "Certificates (ZIP)" and "E-mail certificates": every certificate at once, made in the background. */
function CertificateJobs() {
  const [kind, setKind] = useState<'certificates_zip' | 'certificates_mail' | null>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setKind('certificates_zip')}>
        Certificates (ZIP)
      </Button>
      <Button variant="secondary" onClick={() => setKind('certificates_mail')}>
        E-mail certificates
      </Button>
      <Suspense fallback={null}>{kind && <CertificatesJobDialog kind={kind} onClose={() => setKind(null)} />}</Suspense>
    </>
  );
}
