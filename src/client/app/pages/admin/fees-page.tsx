import { lazy, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { FIRST_PAYMENT_FILTER, useAdminFees, usePayments } from '@client/features/fees-admin/fees-admin-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

// The panels are forms: the form libraries load after the page has painted, while its data is asked for.
const FeesPanelsBody = lazy(async () => ({
  default: (await import('@client/features/fees-admin/fees-panels.tsx')).FeesPanels,
}));

// Fetched when first opened: the page's first paint does not wait for the jobs' dialogs.
const ReceiptsZipDialog = lazy(() =>
  import('@client/features/admin-dashboard/papers/job-dialogs.tsx').then((m) => ({ default: m.ReceiptsZipDialog })),
);

/**
 * /admin/fees: the fee categories, what opens the full paper, the statement import, and every
 * paper's payment to confirm or reject.
 */
export default function FeesPage() {
  useDocumentTitle('Fees');
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
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Fees</h1>
            <FeesPanels />
          </div>
        </>
      )}
    </AdminGuard>
  );
}

/**
 * The panels, drawn together once the fee settings and the payments list have answered: drawn as
 * each answer came, the categories' dates, their rows and the full-paper choice pushed the panels
 * below them down the screen (a layout shift of 0.1-0.24). Both are asked for at once, and the
 * panels are drawn in a background render that React splits into short tasks, so a phone can
 * still respond while it draws them.
 */
function FeesPanels() {
  const fees = useAdminFees();
  const payments = usePayments(FIRST_PAYMENT_FILTER);
  const answered = useDeferredValue(!fees.isPending && !payments.isPending);
  if (!answered) return <Spinner label="Loading the fees..." />;
  return (
    <LoadBoundary fallback={<Spinner label="Loading the fees..." />}>
      <FeesPanelsBody paymentActions={<ReceiptsZipButton />} />
    </LoadBoundary>
  );
}

/** "Receipts (ZIP)": every confirmed payment's receipt, made in the background like the files ZIP. */
function ReceiptsZipButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Receipts (ZIP)
      </Button>
      {open && (
        <LoadBoundary fallback={null} failure="The receipts dialog could not be loaded.">
          <ReceiptsZipDialog onClose={() => setOpen(false)} />
        </LoadBoundary>
      )}
    </>
  );
}
