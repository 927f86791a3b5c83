import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  filterForApi,
  filtersFromParams,
  linkedFilterParams,
  NO_PAPER_FILTERS,
  withoutFilter,
  withoutFilters,
} from './paper-filters.ts';

describe('activeFilterChips', () => {
  it('has no chips without filters', () => {
    expect(activeFilterChips(NO_PAPER_FILTERS)).toEqual([]);
    expect(activeFilterChips({ ...NO_PAPER_FILTERS, search: '   ' })).toEqual([]);
  });

  it('names each filter in use with its label', () => {
    const chips = activeFilterChips({
      search: ' wake ',
      status: 'review_in_progress',
      theme: 'Propulsion and Combustion',
      mode: 'Oral',
      payment: 'unpaid',
      fullPaper: 'no',
      unread: 'yes',
      reviews: 'complete',
      disagreement: 'no',
      minMean: '70',
      held: 'yes',
      response: 'none',
      preflight: 'warnings',
      sort: 'latestMessage',
    });
    expect(chips).toEqual([
      { key: 'search', text: 'Search: "wake"' },
      { key: 'status', text: 'Status: Review in Progress' },
      { key: 'theme', text: 'Theme: Propulsion and Combustion' },
      { key: 'mode', text: 'Mode: Oral' },
      { key: 'payment', text: 'Payment: Unpaid' },
      { key: 'fullPaper', text: 'Full paper: Not submitted' },
      { key: 'unread', text: 'Unread messages' },
      { key: 'reviews', text: 'Reviews complete' },
      { key: 'disagreement', text: 'No disagreement' },
      { key: 'minMean', text: 'Mean mark: 70 or more' },
      { key: 'held', text: 'Decision held' },
      { key: 'response', text: 'No response' },
      { key: 'preflight', text: 'Preflight: Warnings' },
    ]);
  });
});

describe('withoutFilter', () => {
  it('clears one filter and keeps the others', () => {
    const filters = { ...NO_PAPER_FILTERS, status: 'declined', theme: 'Propulsion and Combustion' } as const;
    expect(withoutFilter(filters, 'status')).toEqual({ ...NO_PAPER_FILTERS, theme: 'Propulsion and Combustion' });
  });

  it('clearing all keeps the order', () => {
    const filters = { ...NO_PAPER_FILTERS, unread: 'yes', payment: 'paid', sort: 'latestMessage' } as const;
    expect(withoutFilters(filters)).toEqual({ ...NO_PAPER_FILTERS, sort: 'latestMessage' });
  });
});

describe('filterForApi', () => {
  it('leaves out the filters set to any and trims the search', () => {
    expect(filterForApi({ ...NO_PAPER_FILTERS, search: ' wake ', payment: 'unpaid' })).toEqual({
      search: 'wake',
      payment: 'unpaid',
      sort: 'submitted',
    });
  });

  it('sends the lowest mean mark as a number', () => {
    expect(filterForApi({ ...NO_PAPER_FILTERS, reviews: 'complete', minMean: '75', sort: 'mean' })).toEqual({
      search: '',
      reviews: 'complete',
      minMean: 75,
      sort: 'mean',
    });
  });
});

describe('filtersFromParams', () => {
  it('starts the list filtered as the link says', () => {
    const params = new URLSearchParams('section=papers&status=abstract_accepted&payment=unpaid&fullPaper=no');
    expect(filtersFromParams(params)).toEqual({
      ...NO_PAPER_FILTERS,
      status: 'abstract_accepted',
      payment: 'unpaid',
      fullPaper: 'no',
    });
  });

  it('ignores values it does not know and the filters a link may not set', () => {
    const params = new URLSearchParams('status=accepted&payment=UNPAID&fullPaper=&theme=Propulsion+and+Combustion');
    expect(filtersFromParams(params)).toEqual(NO_PAPER_FILTERS);
  });
});

describe('linkedFilterParams', () => {
  it('writes the linked filters in use, and reads back the same', () => {
    const params = linkedFilterParams({ status: 'abstract_accepted', fullPaper: 'no', payment: '' });
    expect(params).toEqual({ status: 'abstract_accepted', fullPaper: 'no' });
    expect(filtersFromParams(new URLSearchParams(params))).toMatchObject({
      status: 'abstract_accepted',
      fullPaper: 'no',
    });
  });
});
