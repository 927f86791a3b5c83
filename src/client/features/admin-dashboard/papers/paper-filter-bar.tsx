import { PREFLIGHT_VERDICT_LABELS } from '@shared/domain/preflight-verdicts.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { PAPER_STATUS_LABELS, PAPER_STATUSES } from '@shared/constants.ts';
import { conferenceIdLabel, presentationModeLabels, themeLabels } from '@shared/conference.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { SearchField, type SelectOption, SelectField } from '../dashboard-ui.tsx';
import {
  activeFilterChips,
  DISAGREEMENT_LABELS,
  MEAN_THRESHOLDS,
  type PaperFilters,
  REVIEWS_LABELS,
  withoutFilter,
  withoutFilters,
} from '../paper-filters.ts';
import { StrokeIcon } from '@client/components/ui/stroke-icon.tsx';
import { useMediaQueryOnceKnown } from '@client/lib/use-media-query.ts';

type Choice<K extends keyof PaperFilters> = SelectOption<PaperFilters[K]>;

const STATUS_OPTIONS: Choice<'status'>[] = [
  { value: '', label: 'All statuses' },
  ...PAPER_STATUSES.map((status) => ({ value: status, label: PAPER_STATUS_LABELS[status] })),
];
const themeOptions = (): Choice<'theme'>[] => [
  { value: '', label: 'All themes' },
  ...themeLabels().map((theme) => ({ value: theme, label: theme })),
];
const modeOptions = (): Choice<'mode'>[] => [
  { value: '', label: 'All modes' },
  ...presentationModeLabels().map((mode) => ({ value: mode, label: mode })),
];
const PAYMENT_OPTIONS: Choice<'payment'>[] = [
  { value: '', label: 'Paid and unpaid' },
  { value: 'paid', label: 'Paid (payment ID entered)' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'entered', label: 'Entered' },
  { value: 'unpaid', label: 'Unpaid' },
];
const FULL_PAPER_OPTIONS: Choice<'fullPaper'>[] = [
  { value: '', label: 'With or without' },
  { value: 'yes', label: 'Submitted' },
  { value: 'no', label: 'Not submitted' },
];
const MESSAGE_OPTIONS: Choice<'unread'>[] = [
  { value: '', label: 'All papers' },
  { value: 'yes', label: 'Unread messages' },
];
const REVIEWS_OPTIONS: Choice<'reviews'>[] = [
  { value: '', label: 'All papers' },
  { value: 'complete', label: REVIEWS_LABELS.complete },
  { value: 'missing', label: REVIEWS_LABELS.missing },
];
const DISAGREEMENT_OPTIONS: Choice<'disagreement'>[] = [
  { value: '', label: 'With or without' },
  { value: 'yes', label: DISAGREEMENT_LABELS.yes },
  { value: 'no', label: DISAGREEMENT_LABELS.no },
];
const MEAN_OPTIONS: Choice<'minMean'>[] = [
  { value: '', label: 'Any mean' },
  ...MEAN_THRESHOLDS.map((mean) => ({ value: mean, label: `${mean} or more` })),
];
const HELD_OPTIONS: Choice<'held'>[] = [
  { value: '', label: 'All papers' },
  { value: 'yes', label: 'Decision held' },
];
const RESPONSE_OPTIONS: Choice<'response'>[] = [
  { value: '', label: 'All papers' },
  { value: 'none', label: 'No response' },
];
const PREFLIGHT_OPTIONS: Choice<'preflight'>[] = [
  { value: '', label: 'All papers' },
  { value: 'passed', label: PREFLIGHT_VERDICT_LABELS.passed },
  { value: 'warnings', label: PREFLIGHT_VERDICT_LABELS.warnings },
  { value: 'not_checked', label: PREFLIGHT_VERDICT_LABELS.not_checked },
];
const SORT_OPTIONS: Choice<'sort'>[] = [
  { value: 'submitted', label: 'Newest submission' },
  { value: 'latestMessage', label: "Author's latest message" },
  { value: 'mean', label: 'Mean mark, highest first' },
];

/**
 * From this width the filters start open; on a phone they would push the first paper off the
 * screen. Tailwind's `md` breakpoint: the panel's `max-md:hidden` folds it by CSS until the
 * browser's answer is known (the server's HTML, hydration), so nothing moves when it comes.
 */
const FILTERS_OPEN_FROM = '(min-width: 48rem)';

interface PaperFilterBarProps {
  filters: PaperFilters;
  onChange: (filters: PaperFilters) => void;
}

/**
 * Search and the filters of Paper Management (spec 2.5, with payment, full paper, unread
 * messages and the committee's reviews), the order, and a removable chip per filter in use. The selects fold away behind a
 * Filters button, folded at first on a phone; the search and the chips always show.
 */
export function PaperFilterBar({ filters, onChange }: PaperFilterBarProps) {
  const set = <K extends keyof PaperFilters>(key: K, value: PaperFilters[K]) => onChange({ ...filters, [key]: value });
  const chips = activeFilterChips(filters);
  // The reader's own choice, once made; until then the screen's width decides.
  const [openChosen, setOpenChosen] = useState<boolean>();
  const wideScreen = useMediaQueryOnceKnown(FILTERS_OPEN_FROM);
  const filtersOpen = openChosen ?? wideScreen;
  const filtersPanelId = useId();
  // The search is outside the fold, so the button counts only the filters it hides.
  const hiddenFilterCount = chips.filter((chip) => chip.key !== 'search').length;
  const controls = useRef<HTMLDivElement>(null);
  const chipGroup = useRef<HTMLDivElement>(null);
  const refocusAfterRemoval = useRef(false);

  // A removed chip takes its focused button with it: focus moves to the next chip, or back to the filters.
  useEffect(() => {
    if (!refocusAfterRemoval.current) return;
    refocusAfterRemoval.current = false;
    const next =
      chipGroup.current?.querySelector('button') ?? controls.current?.querySelector<HTMLElement>('input, select');
    next?.focus();
  });
  const remove = (next: PaperFilters) => {
    refocusAfterRemoval.current = true;
    onChange(next);
  };

  return (
    <div className="space-y-3">
      <div ref={controls} className="space-y-3">
        <div className="flex items-end gap-3">
          <SearchField
            label="Search papers"
            placeholder={`Search by title, author or ${conferenceIdLabel()}...`}
            value={filters.search}
            onChange={(value) => set('search', value)}
          />
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filtersPanelId}
            onClick={() => setOpenChosen(!filtersOpen)}
            className={buttonClass('secondary', 'shrink-0')}
          >
            <StrokeIcon path="M3 5h18l-7 8v6l-4 2v-8z" size={18} />
            {/* On a phone the funnel alone, so the search box keeps room for its whole placeholder. */}
            <span className="sr-only sm:not-sr-only">Filters</span>
            {hiddenFilterCount > 0 && (
              <span className="rounded-full bg-brand-700 px-2 text-xs text-white">
                {hiddenFilterCount}
                <span className="sr-only"> active</span>
              </span>
            )}
          </button>
        </div>
        <div
          id={filtersPanelId}
          hidden={filtersOpen === false}
          className={`grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4 ${filtersOpen === undefined ? 'max-md:hidden' : ''}`}
        >
          <SelectField
            label="Status"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(value) => set('status', value)}
          />
          <SelectField
            label="Theme"
            value={filters.theme}
            options={themeOptions()}
            onChange={(value) => set('theme', value)}
          />
          <SelectField
            label="Mode of Presentation"
            value={filters.mode}
            options={modeOptions()}
            onChange={(value) => set('mode', value)}
          />
          <SelectField
            label="Payment"
            value={filters.payment}
            options={PAYMENT_OPTIONS}
            onChange={(value) => set('payment', value)}
          />
          <SelectField
            label="Full paper"
            value={filters.fullPaper}
            options={FULL_PAPER_OPTIONS}
            onChange={(value) => set('fullPaper', value)}
          />
          <SelectField
            label="Messages"
            value={filters.unread}
            options={MESSAGE_OPTIONS}
            onChange={(value) => set('unread', value)}
          />
          <SelectField
            label="Reviews"
            value={filters.reviews}
            options={REVIEWS_OPTIONS}
            onChange={(value) => set('reviews', value)}
          />
          <SelectField
            label="Disagreement"
            value={filters.disagreement}
            options={DISAGREEMENT_OPTIONS}
            onChange={(value) => set('disagreement', value)}
          />
          <SelectField
            label="Mean mark"
            value={filters.minMean}
            options={MEAN_OPTIONS}
            onChange={(value) => set('minMean', value)}
          />
          <SelectField
            label="Release"
            value={filters.held}
            options={HELD_OPTIONS}
            onChange={(value) => set('held', value)}
          />
          <SelectField
            label="Author response"
            value={filters.response}
            options={RESPONSE_OPTIONS}
            onChange={(value) => set('response', value)}
          />
          <SelectField
            label="Preflight"
            value={filters.preflight}
            options={PREFLIGHT_OPTIONS}
            onChange={(value) => set('preflight', value)}
          />
          <SelectField
            label="Sort by"
            value={filters.sort}
            options={SORT_OPTIONS}
            onChange={(value) => set('sort', value)}
          />
        </div>
      </div>
      {chips.length > 0 && (
        <div ref={chipGroup} className="flex flex-wrap items-center gap-2" role="group" aria-label="Active filters">
          {chips.map((chip) => (
            <span
              key={chip.key}
              data-testid="filter-chip"
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-xs font-semibold text-brand-800 ring-1 ring-brand-100"
            >
              <span className="min-w-0 break-words">{chip.text}</span>
              <button
                type="button"
                onClick={() => remove(withoutFilter(filters, chip.key))}
                aria-label={`Remove filter ${chip.text}`}
                className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-base leading-none hover:bg-brand-100"
              >
                ×
              </button>
            </span>
          ))}
          <button
            type="button"
            onClick={() => remove(withoutFilters(filters))}
            className="text-xs font-semibold text-brand-700 underline hover:no-underline"
          >
            Clear all
          </button>
        </div>
      )}
    </div>
  );
}
