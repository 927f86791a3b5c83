import type { ReactNode } from 'react';
import type { RecordRow } from '../../../shared/schemas/admin-dashboard.ts';
import { EmptyState, LOADING_TEXT, LoadFailed, LoadingData } from './dashboard-ui.tsx';
import { TablePagination } from '../../components/ui/table-pagination.tsx';
import type { RecordsTable } from './use-records-table.ts';

interface RecordsTableFrameProps {
  table: RecordsTable;
  /** Names the table and its scroll area, e.g. "Payment records". */
  label: string;
  emptyTitle: string;
  /** The footer's noun: "Total N payment records". */
  footerNoun: string;
  columns: readonly string[];
  renderRow: (row: RecordRow) => ReactNode;
}

/**
 * What the Financial and Evaluation tables share: loading, empty and failed states, the
 * table in its own horizontal scroll area (so a phone never scrolls the page sideways),
 * the pagination and the footer.
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
          <table className="w-full min-w-[52rem] text-left text-sm" aria-busy={updating || undefined}>
            <caption className="sr-only">{label}</caption>
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">{rows.map(renderRow)}</tbody>
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
        Total {pagination.total} {footerNoun}
      </p>
    </div>
  );
}

/** A row's key: its paper, or its user when the user has no paper. */
export function recordKey(row: RecordRow): string {
  return row.paper?._id ?? `user-${row.user._id}`;
}

export function UserCell({ user }: { user: RecordRow['user'] }) {
  return (
    <td className="px-4 py-3 align-top">
      <p className="font-semibold break-words text-slate-900">{user.username}</p>
      <p className="break-words text-slate-600">{user.email}</p>
      <p className="font-mono text-xs text-slate-500">{user.customUserId}</p>
    </td>
  );
}
