import type { ReactNode } from 'react';
import type { ListPagination } from '@shared/schemas/admin-dashboard.ts';
import { pageWindow, shownRange } from '@client/lib/page-window.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { useMediaQuery } from '@client/lib/use-media-query.ts';

interface TablePaginationProps {
  /** As every list route answers it. */
  pagination: ListPagination;
  onPageChange: (page: number) => void;
  /** Names the navigation, e.g. "Payment records pages". */
  label: string;
}

/** Tailwind's sm breakpoint: narrower than this is a phone. */
const ROOMY_SCREEN = '(min-width: 40rem)';
const PHONE_PAGE_BUTTONS = 3;

/**
 * "Showing X to Y of Z results", Previous, up to five numbered pages and Next (spec 2.3).
 * Unavailable buttons are aria-disabled rather than disabled, so a keyboard user who just
 * pressed Next on the last page keeps focus where it was.
 */
export function TablePagination({ pagination, onPageChange, label }: TablePaginationProps) {
  const { page, totalPages, total, limit: pageSize } = pagination;
  const { from, to } = shownRange(page, pageSize, total);
  // On a phone three numbered pages leave Previous and Next on the same line as them.
  const pageButtons = useMediaQuery(ROOMY_SCREEN) ? undefined : PHONE_PAGE_BUTTONS;
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onPageChange(target);
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600" data-testid="showing-range">
        Showing {formatCount(from)} to {formatCount(to)} of {formatCount(total)} results
      </p>
      {totalPages > 1 && (
        <nav aria-label={label}>
          <ul className="flex items-center gap-1">
            <li>
              <PageButton onClick={() => go(page - 1)} unavailable={page <= 1}>
                Previous
              </PageButton>
            </li>
            {pageWindow(page, totalPages, pageButtons).map((number) => (
              <li key={number}>
                <PageButton onClick={() => go(number)} current={number === page} label={`Page ${number}`}>
                  {formatCount(number)}
                </PageButton>
              </li>
            ))}
            <li>
              <PageButton onClick={() => go(page + 1)} unavailable={page >= totalPages}>
                Next
              </PageButton>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

function PageButton({
  onClick,
  children,
  current = false,
  unavailable = false,
  label,
}: {
  onClick: () => void;
  children: ReactNode;
  current?: boolean;
  unavailable?: boolean;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      aria-disabled={unavailable || undefined}
      aria-label={label}
      className={`min-w-9 rounded-md border px-2.5 py-2 text-sm whitespace-nowrap sm:min-w-10 sm:px-3 font-semibold transition-colors ${
        current
          ? 'border-brand-700 bg-brand-700 text-white'
          : unavailable
            ? 'cursor-not-allowed border-slate-200 bg-white text-slate-400'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
      }`}
    >
      {children}
    </button>
  );
}
