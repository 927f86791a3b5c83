import { PAPER_STATUS_LABELS, type PaperStatus, type PresentationMode, type Theme } from '../../../shared/constants.ts';

/** What the Paper Management list is narrowed by; '' means "any". */
export interface PaperFilters {
  search: string;
  status: PaperStatus | '';
  theme: Theme | '';
  mode: PresentationMode | '';
}

export type PaperFilterKey = keyof PaperFilters;

export const NO_PAPER_FILTERS: PaperFilters = { search: '', status: '', theme: '', mode: '' };

export interface FilterChip {
  key: PaperFilterKey;
  /** e.g. "Status: Declined", shown on the chip. */
  text: string;
}

const CHIP_NAMES: Record<PaperFilterKey, string> = { search: 'Search', status: 'Status', theme: 'Theme', mode: 'Mode' };

/** One removable chip per filter in use, in the order of the filter controls. */
export function activeFilterChips(filters: PaperFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const search = filters.search.trim();
  if (search) chips.push({ key: 'search', text: `${CHIP_NAMES.search}: "${search}"` });
  if (filters.status)
    chips.push({ key: 'status', text: `${CHIP_NAMES.status}: ${PAPER_STATUS_LABELS[filters.status]}` });
  if (filters.theme) chips.push({ key: 'theme', text: `${CHIP_NAMES.theme}: ${filters.theme}` });
  if (filters.mode) chips.push({ key: 'mode', text: `${CHIP_NAMES.mode}: ${filters.mode}` });
  return chips;
}

export function withoutFilter(filters: PaperFilters, key: PaperFilterKey): PaperFilters {
  return { ...filters, [key]: '' };
}
