import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button.tsx';
import { ReceiptsZipDialog } from '@client/features/admin-dashboard/papers/job-dialogs.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { FeeCategories, FullPaperSetting } from '@client/features/fees-admin/fee-categories.tsx';
import { PaymentsList } from '@client/features/fees-admin/payments-list.tsx';
import { StatementImport } from '@client/features/fees-admin/statement-import.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AdminGuard } from './admin-guard.tsx';

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
          <div className="mx-auto w-full max-w-7xl px-4 py-6">
            <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">
              Back to Dashboard
            </Link>
            <h1 className="mt-2 mb-5 text-2xl font-bold text-brand-900">Fees</h1>
            <div className="space-y-8">
              <FeeCategories />
              <FullPaperSetting />
              <StatementImport />
              <PaymentsList actions={<ReceiptsZipButton />} />
            </div>
          </div>
        </>
      )}
    </AdminGuard>
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
      {open && <ReceiptsZipDialog onClose={() => setOpen(false)} />}
    </>
  );
}
