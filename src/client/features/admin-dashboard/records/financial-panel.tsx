import type { RecordRow } from '@shared/schemas/admin-dashboard.ts';
import { formatDate } from '@client/lib/dates.ts';
import { useReportLoadError } from '../dashboard-messages.tsx';
import { type SelectOption, StatCard } from '../dashboard-ui.tsx';
import { formatRate } from '../percentages.ts';
import { PAYMENT_STATE_LABELS, paymentState, type PaymentState } from '@shared/domain/record-states.ts';
import {
  PAPER_COLUMN,
  PaperCell,
  RecordCell,
  type RecordColumn,
  RecordsTableFrame,
  RecordTableRow,
  recordKey,
  USER_COLUMN,
  UserCell,
} from './records-table-frame.tsx';
import { RecordsToolbar } from './records-toolbar.tsx';
import { type RecordsFilter, useRecordsTable } from './use-records-table.ts';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

const FILTERS: SelectOption<RecordsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid Only' },
  { value: 'confirmed', label: 'Confirmed Only' },
  { value: 'entered', label: 'Entered Only' },
  { value: 'unpaid', label: 'Unpaid Only' },
];
const STATUS_COLUMN: RecordColumn = { label: 'Payment Status', width: 'w-32' };
const PAYMENT_ID_COLUMN: RecordColumn = { label: 'Payment ID', width: 'w-44' };
const SUBMITTED_COLUMN: RecordColumn = { label: 'Submitted', width: 'w-36' };
const COLUMNS = [USER_COLUMN, PAPER_COLUMN, STATUS_COLUMN, PAYMENT_ID_COLUMN, SUBMITTED_COLUMN];
const PAYMENT_TONES: Record<PaymentState, BadgeTone> = {
  paid: 'success',
  unpaid: 'progress',
  none: 'neutral',
};

/** Financial (spec 2.3): every author with their paper and whether it is paid. */
export function FinancialPanel() {
  const table = useRecordsTable('financial');
  useReportLoadError(table.result.error, 'Failed to load payment records: ');
  const summary = table.result.data?.summary;

  return (
    <div className="space-y-5">
      {summary && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
          <StatCard label="Total Submissions" value={summary.totalSubmissions} />
          <StatCard label="Confirmed" value={summary.confirmed} accent="green" />
          <StatCard label="Entered" value={summary.entered} accent="blue" />
          <StatCard label="Paid (payment ID entered)" value={summary.paid} accent="green" />
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
    <RecordTableRow>
      <UserCell user={row.user} />
      <PaperCell paper={paper} />
      <RecordCell column={STATUS_COLUMN}>
        <Badge tone={PAYMENT_TONES[state]} size="medium">
          {PAYMENT_STATE_LABELS[state]}
        </Badge>
      </RecordCell>
      <RecordCell column={PAYMENT_ID_COLUMN}>
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
      </RecordCell>
      <RecordCell column={SUBMITTED_COLUMN} className="whitespace-nowrap text-slate-700">
        {paper ? formatDate(paper.submittedAt) : 'N/A'}
      </RecordCell>
    </RecordTableRow>
  );
}
