import type { ReactNode } from 'react';
import { EmailText } from '@client/components/ui/email-text.tsx';
import type { RecordRow } from '@shared/schemas/admin-dashboard.ts';
import { NO_SUBMISSION_LABEL } from '@shared/domain/record-states.ts';
import { EmptyState, LOADING_TEXT, LoadFailed, LoadingData } from '../dashboard-ui.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { formatCount } from '@shared/format/numbers.ts';
import type { RecordsTable } from './use-records-table.ts';

interface RecordsTableFrameProps {
  table: RecordsTable;
  /** Names the table and its scroll area, e.g. "Payment records". */
  label: string;
  emptyTitle: string;
  /** The footer's noun: "Total N payment records". */
  footerNoun: string;
  columns: readonly RecordColumn[];
  renderRow: (row: RecordRow) => ReactNode;
}

/** A column of a records table; `width` is a width class for its header (the table lays out fixed). */
export interface RecordColumn {
  label: string;
  width?: string;
}

/** The columns both records tables start with; the paper's title takes what the others leave. */
export const USER_COLUMN: RecordColumn = { label: 'User', width: 'w-[24%]' };
export const PAPER_COLUMN: RecordColumn = { label: 'Paper' };

/**
 * What the Financial and Evaluation tables share: loading, empty and failed states, the
 * table, the pagination and the footer. From 1280 px the table fits its frame with fixed
 * column widths; below, each row is a card with every cell under its column's name
 * (`.records-table` in styles.css). The explicit roles keep it a table for screen readers
 * when it is laid out as cards.
 */
export function RecordsTableFrame({
  table,
  label,
  emptyTitle,
  footerNoun,
  columns,
  renderRow,
}: RecordsTableFrameProps) {
  const { data, isPending, isError, isPlaceholderData, isFetching, refetch } = table.result;
  if (isPending) return <LoadingData />;
  if (isError && !data) return <LoadFailed onRetry={() => void refetch()} />;
  const { rows, pagination } = data;
  const updating = isFetching && isPlaceholderData;

  return (
    <div className="space-y-4">
      {rows.length === 0 ? (
        <EmptyState title={emptyTitle} hint="Try adjusting your search criteria" />
      ) : (
        <div
          role="region"
          aria-label={label}
          // Focusable so a keyboard user can scroll the table sideways on a narrow screen.
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <table
            role="table"
            className="records-table w-full table-fixed text-left text-sm"
            aria-busy={updating || undefined}
          >
            <caption className="sr-only">{label}</caption>
            <thead role="rowgroup" className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr role="row">
                {columns.map((column) => (
                  <th
                    key={column.label}
                    role="columnheader"
                    scope="col"
                    className={`px-3 py-3 font-semibold ${column.width ?? ''}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className="divide-y divide-slate-100">
              {rows.map(renderRow)}
            </tbody>
          </table>
        </div>
      )}
      {updating && (
        <p role="status" className="text-sm text-slate-500">
          {LOADING_TEXT}
        </p>
      )}
      {rows.length > 0 && (
        <TablePagination pagination={pagination} onPageChange={table.setPage} label={`${label} pages`} />
      )}
      <p className="border-t border-slate-200 pt-3 text-sm text-slate-600">
        Total {formatCount(pagination.total)} {footerNoun}
      </p>
    </div>
  );
}

/** A row's key: its paper, or its user when the user has no paper. */
export function recordKey(row: RecordRow): string {
  return row.paper?._id ?? `user-${row.user._id}`;
}

/** A row of a records table (a card on narrow screens). */
export function RecordTableRow({ children }: { children: ReactNode }) {
  return (
    <tr role="row" data-testid="record-row">
      {children}
    </tr>
  );
}

/** A cell; `column` labels it when the row is shown as a card. */
export function RecordCell({
  column,
  className = '',
  children,
}: {
  column: RecordColumn;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td role="cell" data-label={column.label} className={`px-3 py-3 align-top ${className}`}>
      {children}
    </td>
  );
}

export function UserCell({ user }: { user: RecordRow['user'] }) {
  return (
    <RecordCell column={USER_COLUMN}>
      <p className="font-semibold break-words text-slate-900">{user.username}</p>
      <EmailText email={user.email} className="text-slate-600" />
      <p className="font-mono text-xs text-slate-500">{user.customUserId}</p>
    </RecordCell>
  );
}

/** The paper's title with an optional line under it, or "No Submission". */
export function PaperCell({ paper, detail }: { paper: RecordRow['paper']; detail?: ReactNode }) {
  return (
    <RecordCell column={PAPER_COLUMN}>
      {paper ? (
        <>
          <p className="font-medium break-words text-slate-900">{paper.title}</p>
          {detail}
        </>
      ) : (
        <p className="text-slate-500 italic">{NO_SUBMISSION_LABEL}</p>
      )}
    </RecordCell>
  );
}
