import { useEffect, useId, useRef, useState } from 'react';
import { BULK_MESSAGES, BULK_SELECTION_MAX } from '../../../shared/schemas/bulk-actions.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { formatCount } from '../../lib/numbers.ts';
import { fetchMatchingPaperIds } from './bulk-status-api.ts';
import { useDashboardMessages } from './dashboard-messages.tsx';
import type { PaperFilters } from './paper-filters.ts';
import type { PaperSelection } from './use-paper-selection.ts';

interface BulkToolbarProps {
  selection: PaperSelection;
  /** The papers of the page on screen. */
  pageIds: readonly string[];
  /** How many papers the filter matches in all. */
  matching: number;
  filters: PaperFilters;
  onChangeStatus: () => void;
}

/** Above the paper list: selecting on this page or everything matching, and the Bulk actions menu. */
export function BulkToolbar({ selection, pageIds, matching, filters, onChangeStatus }: BulkToolbarProps) {
  const { selected, setMany, replace, clear } = selection;
  const { showError } = useDashboardMessages();
  const [selectingAll, setSelectingAll] = useState(false);
  const onPage = pageIds.filter((id) => selected.has(id)).length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage > 0 && onPage < pageIds.length;
  }, [onPage, pageIds.length]);

  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      replace(await fetchMatchingPaperIds(filters));
    } catch (error) {
      showError(errorText(error, 'The papers could not be selected.'));
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          ref={pageBox}
          type="checkbox"
          checked={pageIds.length > 0 && onPage === pageIds.length}
          onChange={(event) => setMany(pageIds, event.target.checked)}
        />
        Select all on this page
      </label>
      {selected.size < matching && matching > BULK_SELECTION_MAX && (
        <p className="text-sm text-slate-500">
          Filter to {formatCount(BULK_SELECTION_MAX)} papers or fewer to select them all
        </p>
      )}
      {selected.size < matching && matching <= BULK_SELECTION_MAX && (
        <button
          type="button"
          onClick={() => void selectAllMatching()}
          disabled={selectingAll}
          className="text-sm font-semibold text-brand-700 hover:underline disabled:text-slate-400"
        >
          {selectingAll ? 'Selecting...' : `Select all ${formatCount(matching)} matching`}
        </button>
      )}
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="bulk-selected">
        {formatCount(selected.size)} selected
      </p>
      {selected.size > 0 && (
        <button type="button" onClick={clear} className="text-sm font-semibold text-brand-700 hover:underline">
          Clear selection
        </button>
      )}
      <BulkActionsMenu
        onChangeStatus={() => (selected.size === 0 ? showError(BULK_MESSAGES.emptySelection) : onChangeStatus())}
      />
    </div>
  );
}

/** A disclosure listing the actions; Escape and a click elsewhere close it. */
function BulkActionsMenu({ onChangeStatus }: { onChangeStatus: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative ml-auto">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClass('secondary', 'py-1.5')}
      >
        Bulk actions
      </button>
      {open && (
        <ul
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onChangeStatus();
              }}
              className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50"
            >
              Change status
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
