import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BULK_MESSAGES, BULK_SELECTION_MAX } from '@shared/domain/bulk-actions.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { fetchMatchingPaperIds } from './bulk-status-api.ts';
import { useDashboardMessages } from '../dashboard-messages.tsx';
import type { PaperFilters } from '../paper-filters.ts';
import type { PaperSelection } from './use-paper-selection.ts';
import { downloadSelectedExport, filteredExportUrl } from './paper-export-api.ts';
import type { ExportFormat } from '@shared/schemas/exports.ts';
import { useDismiss } from '@client/lib/use-dismiss.ts';

interface BulkToolbarProps {
  selection: PaperSelection;
  /** The papers of the page on screen. */
  pageIds: readonly string[];
  /** How many papers the filter matches in all. */
  matching: number;
  filters: PaperFilters;
  /** The list on screen is the previous filter's while the new one loads: nothing may be picked from it. */
  listUpdating: boolean;
  onChangeStatus: () => void;
  /** With papers ticked, to their authors; otherwise to the authors of every paper the filter matches. */
  onMessageAuthors: () => void;
  /** The files of the ticked papers, or of every paper the filter matches. */
  onFilesZip: () => void;
  onBookOfAbstracts: () => void;
  onAssignReviewers: () => void;
  /** The held decisions of the ticked papers, or every held decision. */
  onReleaseDecisions: () => void;
}

/**
 * Above the paper list: selecting on this page or everything matching, the Export menu (the
 * selection, or everything the filter matches) and the Bulk actions menu.
 */
export function BulkToolbar({
  selection,
  pageIds,
  matching,
  filters,
  listUpdating,
  onChangeStatus,
  onMessageAuthors,
  onFilesZip,
  onBookOfAbstracts,
  onAssignReviewers,
  onReleaseDecisions,
}: BulkToolbarProps) {
  const { selected, setMany, replace, clear } = selection;
  const { showError, withdraw } = useDashboardMessages();
  const [selectingAll, setSelectingAll] = useState(false);
  const onPage = pageIds.filter((id) => selected.has(id)).length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage > 0 && onPage < pageIds.length;
  }, [onPage, pageIds.length]);

  const [exporting, setExporting] = useState(false);
  // While the selection or the list is still changing, an action would take the wrong papers.
  const busy = listUpdating || selectingAll || exporting;
  // "Select at least one paper." holds until papers are ticked or another action is taken, not after.
  const emptySelectionMessage = useRef<number>(undefined);
  const withdrawEmptySelection = useCallback(() => {
    if (emptySelectionMessage.current !== undefined) withdraw(emptySelectionMessage.current);
    emptySelectionMessage.current = undefined;
  }, [withdraw]);
  useEffect(() => withdrawEmptySelection(), [selected, withdrawEmptySelection]);
  const whenSelected = (action: () => void) => () => {
    if (selected.size > 0) return action();
    emptySelectionMessage.current = showError(BULK_MESSAGES.emptySelection);
  };
  const exportSelected = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await downloadSelectedExport(format, [...selected]);
    } catch (error) {
      showError(errorText(error, 'The export failed.'));
    } finally {
      setExporting(false);
    }
  };
  // With papers ticked the export is of those; otherwise of everything the filter matches.
  // Above the selection limit a filter's papers cannot be taken in one action: say so at once.
  const forSelectionOrFilter = (action: () => void) => () =>
    selected.size === 0 && matching > BULK_SELECTION_MAX ? showError(BULK_MESSAGES.tooManyMatching) : action();
  const exportItems: MenuItem[] = [
    ...(['xlsx', 'csv'] as const).map((format): MenuItem => {
      const label = format === 'xlsx' ? 'Spreadsheet (XLSX)' : 'CSV';
      return selected.size > 0
        ? { label, onSelect: () => void exportSelected(format) }
        : { label, href: filteredExportUrl(format, filters) };
    }),
    { label: 'Files (ZIP)', onSelect: forSelectionOrFilter(onFilesZip) },
    { label: 'Book of Abstracts (PDF)', onSelect: onBookOfAbstracts },
  ];

  // The filter in force now: an answer for an earlier one must not fill the new selection.
  const currentFilters = useRef(filters);
  currentFilters.current = filters;
  const selectAllMatching = async () => {
    setSelectingAll(true);
    const askedFor = filters;
    try {
      const ids = await fetchMatchingPaperIds(askedFor);
      if (currentFilters.current === askedFor) replace(ids);
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
          disabled={listUpdating || selectingAll}
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
          disabled={selectingAll || listUpdating}
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
      <div className="ml-auto flex flex-wrap gap-2">
        <ToolbarMenu label="Export" items={exportItems} disabled={busy} onOpen={withdrawEmptySelection} />
        <ToolbarMenu
          label="Bulk actions"
          disabled={busy}
          onOpen={withdrawEmptySelection}
          items={[
            { label: 'Change status', onSelect: whenSelected(onChangeStatus) },
            { label: 'Message authors', onSelect: forSelectionOrFilter(onMessageAuthors) },
            { label: 'Assign reviewers', onSelect: whenSelected(onAssignReviewers) },
            { label: 'Export selected', onSelect: whenSelected(() => void exportSelected('xlsx')) },
            { label: 'Release decisions…', onSelect: onReleaseDecisions },
          ]}
        />
      </div>
      {/* Always present, so a screen reader announces the text when it appears. */}
      <p role="status" className="w-full text-sm text-slate-600 empty:hidden">
        {exporting ? 'Preparing the export...' : ''}
      </p>
    </div>
  );
}

/** An entry of a toolbar menu: a link (a download) or an action. */
type MenuItem = { label: string } & ({ href: string } | { onSelect: () => void });

const menuItemClass = 'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50';

interface ToolbarMenuProps {
  label: string;
  items: readonly MenuItem[];
  disabled: boolean;
  /** Opening a menu starts a new action: what was said about the last one no longer applies. */
  onOpen: () => void;
}

/** A disclosure listing entries; Escape and a click elsewhere close it. */
function ToolbarMenu({ label, items, disabled, onOpen }: ToolbarMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Closing by keyboard or by choosing an entry hands focus back to the button, not to the page.
  const closeToTrigger = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  useDismiss(open, root, (how) => (how === 'escape' ? closeToTrigger() : setOpen(false)));

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) onOpen();
          setOpen(!open);
        }}
        disabled={disabled}
        className={buttonClass('secondary', 'py-1.5 disabled:text-slate-400')}
      >
        {label}
      </button>
      {open && (
        <ul
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.label}>
              {'href' in item ? (
                <a href={item.href} download onClick={closeToTrigger} className={menuItemClass}>
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    closeToTrigger();
                    item.onSelect();
                  }}
                  className={menuItemClass}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
