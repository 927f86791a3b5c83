import {
  PAPER_STATUS_LABELS,
  PAPER_STATUSES,
  type PaperStatus,
  type PresentationMode,
  type Theme,
} from '@shared/constants.ts';
import type { PaperFilterQuery, PaperListSort } from '@shared/schemas/admin-dashboard.ts';
import { PREFLIGHT_VERDICT_LABELS } from '@shared/domain/preflight-verdicts.ts';

/** What the Paper Management list is narrowed by; '' means "any". */
export interface PaperFilters {
  search: string;
  status: PaperStatus | '';
  theme: Theme | '';
  mode: PresentationMode | '';
  payment: 'paid' | 'confirmed' | 'entered' | 'unpaid' | '';
  fullPaper: 'yes' | 'no' | '';
  /** 'yes': only papers whose author wrote in the chat since this admin last read it. */
  unread: 'yes' | '';
  /** The committee's reviews: all in, or some still to come. */
  reviews: 'complete' | 'missing' | '';
  disagreement: 'yes' | 'no' | '';
  /** The committee's mean mark at least this (a whole number as text). */
  minMean: (typeof MEAN_THRESHOLDS)[number] | '';
  /** 'yes': only papers with a decision entered and not yet released. */
  held: 'yes' | '';
  /** 'none': papers awaiting their author's response past its deadline ("No response"). */
  response: 'none' | '';
  /** The current abstract's PDF check. */
  preflight: 'passed' | 'warnings' | 'not_checked' | '';
  sort: PaperListSort;
}

/** The lowest means the list can be narrowed to. */
export const MEAN_THRESHOLDS = ['50', '60', '70', '75', '80', '90'] as const;

export type PaperFilterKey = Exclude<keyof PaperFilters, 'sort'>;

export const NO_PAPER_FILTERS: PaperFilters = {
  search: '',
  status: '',
  theme: '',
  mode: '',
  payment: '',
  fullPaper: '',
  unread: '',
  reviews: '',
  disagreement: '',
  minMean: '',
  held: '',
  response: '',
  preflight: '',
  sort: 'submitted',
};

export interface FilterChip {
  key: PaperFilterKey;
  /** e.g. "Status: Declined", shown on the chip. */
  text: string;
}

const PAYMENT_LABELS = { paid: 'Paid', confirmed: 'Confirmed', entered: 'Entered', unpaid: 'Unpaid' } as const;
const FULL_PAPER_LABELS = { yes: 'Submitted', no: 'Not submitted' } as const;
export const REVIEWS_LABELS = { complete: 'Reviews complete', missing: 'Missing reviews' } as const;
export const DISAGREEMENT_LABELS = { yes: 'Disagreement', no: 'No disagreement' } as const;

/** One removable chip per filter in use, in the order of the filter controls. */
export function activeFilterChips(filters: PaperFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const search = filters.search.trim();
  if (search) chips.push({ key: 'search', text: `Search: "${search}"` });
  if (filters.status) chips.push({ key: 'status', text: `Status: ${PAPER_STATUS_LABELS[filters.status]}` });
  if (filters.theme) chips.push({ key: 'theme', text: `Theme: ${filters.theme}` });
  if (filters.mode) chips.push({ key: 'mode', text: `Mode: ${filters.mode}` });
  if (filters.payment) chips.push({ key: 'payment', text: `Payment: ${PAYMENT_LABELS[filters.payment]}` });
  if (filters.fullPaper) chips.push({ key: 'fullPaper', text: `Full paper: ${FULL_PAPER_LABELS[filters.fullPaper]}` });
  if (filters.unread) chips.push({ key: 'unread', text: 'Unread messages' });
  if (filters.reviews) chips.push({ key: 'reviews', text: REVIEWS_LABELS[filters.reviews] });
  if (filters.disagreement) chips.push({ key: 'disagreement', text: DISAGREEMENT_LABELS[filters.disagreement] });
  if (filters.minMean) chips.push({ key: 'minMean', text: `Mean mark: ${filters.minMean} or more` });
  if (filters.held) chips.push({ key: 'held', text: 'Decision held' });
  if (filters.response) chips.push({ key: 'response', text: 'No response' });
  if (filters.preflight)
    chips.push({ key: 'preflight', text: `Preflight: ${PREFLIGHT_VERDICT_LABELS[filters.preflight]}` });
  return chips;
}

export function withoutFilter(filters: PaperFilters, key: PaperFilterKey): PaperFilters {
  return { ...filters, [key]: '' };
}

/** "Clear all" removes the filters and keeps the order the admin chose. */
export function withoutFilters(filters: PaperFilters): PaperFilters {
  return { ...NO_PAPER_FILTERS, sort: filters.sort };
}

/** The filter as the API takes it in a request body: "any" is left out, the search trimmed. */
export function filterForApi(filters: PaperFilters): PaperFilterQuery {
  const { minMean, ...choices } = filters;
  const given = Object.entries(choices).filter(([, value]) => value !== '');
  // Only the values '' were taken out, which the API's filter spells as absent.
  return {
    ...(Object.fromEntries(given) as Omit<PaperFilterQuery, 'search' | 'minMean'>),
    ...(minMean ? { minMean: Number(minMean) } : {}),
    search: filters.search.trim(),
  };
}

/** The filters a link may set in the address, e.g. the next deadline's "Show these papers". */
export const LINKED_FILTER_KEYS = ['status', 'payment', 'fullPaper'] as const;
export type LinkedFilters = Partial<Pick<PaperFilters, (typeof LINKED_FILTER_KEYS)[number]>>;

const oneOf = <V extends string>(allowed: readonly V[], value: string | null): V | '' =>
  allowed.find((candidate) => candidate === value) ?? '';

/** The list's first filters, from the address: status, payment and fullPaper; a value it does not know is ignored. */
export function filtersFromParams(params: URLSearchParams): PaperFilters {
  return {
    ...NO_PAPER_FILTERS,
    status: oneOf(PAPER_STATUSES, params.get('status')),
    payment: oneOf(['paid', 'confirmed', 'entered', 'unpaid'], params.get('payment')),
    fullPaper: oneOf(['yes', 'no'], params.get('fullPaper')),
  };
}

/** The address parameters of linked filters, those set to "any" left out. */
export function linkedFilterParams(filters: LinkedFilters): Record<string, string> {
  return Object.fromEntries(LINKED_FILTER_KEYS.flatMap((key) => (filters[key] ? [[key, filters[key]]] : [])));
}
