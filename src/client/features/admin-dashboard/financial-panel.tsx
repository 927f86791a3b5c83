import type { RecordRow } from '../../../shared/schemas/admin-dashboard.ts';
import { formatDate } from '../../lib/dates.ts';
import { useReportLoadError } from './dashboard-messages.tsx';
import { type SelectOption, StatCard } from './dashboard-ui.tsx';
import { formatRate } from './percentages.ts';
import { PAYMENT_STATE_LABELS, paymentState, type PaymentState } from './record-states.ts';
import { RecordsTableFrame, recordKey, UserCell } from './records-table-frame.tsx';
import { RecordsToolbar } from './records-toolbar.tsx';
import { type RecordsFilter, useRecordsTable } from './use-records-table.ts';

const FILTERS: SelectOption<RecordsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid Only' },
  { value: 'unpaid', label: 'Unpaid Only' },
];
const COLUMNS = ['User', 'Paper', 'Payment Status', 'Payment ID', 'Submitted'] as const;
const PAYMENT_BADGES: Record<PaymentState, string> = {
  paid: 'bg-green-100 text-green-800',
  unpaid: 'bg-yellow-100 text-yellow-900',
  none: 'bg-slate-100 text-slate-700',
};

/** Financial (spec 2.3): every author with their paper and whether it is paid. */
export function FinancialPanel() {
  const table = useRecordsTable('financial');
  useReportLoadError(table.result.error, 'Failed to load payment records: ');
  const summary = table.result.data?.summary;

  return (
    <div className="space-y-5">
      {summary && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          <StatCard label="Total Submissions" value={summary.totalSubmissions} />
          <StatCard label="Paid" value={summary.paid} accent="green" />
          <StatCard label="Unpaid" value={summary.unpaid} accent="yellow" />
          <StatCard label="No Submissions" value={summary.noSubmissions} accent="slate" />
          <StatCard label="Payment Rate" value={formatRate(summary.paymentRate)} accent="blue" />
        </div>
      )}
      <RecordsToolbar table={table} filterOptions={FILTERS} />
      <RecordsTableFrame
        table={table}
        label="Payment records"
        emptyTitle="No payment records found"
        footerNoun="payment records"
        columns={COLUMNS}
        renderRow={(row) => <FinancialRow key={recordKey(row)} row={row} />}
      />
    </div>
  );
}

function FinancialRow({ row }: { row: RecordRow }) {
  const { paper } = row;
  const state = paymentState(row);
  return (
    <tr data-testid="record-row">
      <UserCell user={row.user} />
      <td className="px-4 py-3 align-top">
        {paper ? (
          <p className="max-w-xs font-medium break-words text-slate-900">{paper.title}</p>
        ) : (
          <p className="text-slate-500 italic">No Submission</p>
        )}
      </td>
      <td className="px-4 py-3 align-top">
        <span
          className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${PAYMENT_BADGES[state]}`}
        >
          {PAYMENT_STATE_LABELS[state]}
        </span>
      </td>
      <td className="px-4 py-3 align-top">
        {paper?.paymentId.trim() ? (
          <span className="font-mono text-xs wrap-anywhere text-slate-700">{paper.paymentId}</span>
        ) : (
          <span className="text-slate-500">{paper ? 'Not provided' : 'N/A'}</span>
        )}
        {paper?.paymentIdShared && (
          <span
            className="mt-1 block w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800"
            title="Another paper records the same payment ID: check both receipts."
          >
            Duplicate ID
          </span>
        )}
      </td>
      <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
        {paper ? formatDate(paper.submittedAt) : 'N/A'}
      </td>
    </tr>
  );
}
