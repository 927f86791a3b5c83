import type { ReactNode } from 'react';
import { FeeCategories, FullPaperSetting } from './fee-categories.tsx';
import { PaymentsList } from './payments-list.tsx';
import { StatementImport } from './statement-import.tsx';

/**
 * The fee page's panels, one part of the page loaded after its first paint (they are forms: the
 * form libraries come with them). `paymentActions`: the payments list's own buttons.
 */
export function FeesPanels({ paymentActions }: { paymentActions: ReactNode }) {
  return (
    <div className="space-y-8">
      <FeeCategories />
      <FullPaperSetting />
      <StatementImport />
      <PaymentsList actions={paymentActions} />
    </div>
  );
}
