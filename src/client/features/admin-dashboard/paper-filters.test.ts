import { describe, expect, it } from 'vitest';
import { activeFilterChips, NO_PAPER_FILTERS, withoutFilter } from './paper-filters.ts';

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
    });
    expect(chips).toEqual([
      { key: 'search', text: 'Search: "wake"' },
      { key: 'status', text: 'Status: Review in Progress' },
      { key: 'theme', text: 'Theme: Propulsion and Combustion' },
      { key: 'mode', text: 'Mode: Oral' },
    ]);
  });
});

describe('withoutFilter', () => {
  it('clears one filter and keeps the others', () => {
    const filters = { ...NO_PAPER_FILTERS, status: 'declined', theme: 'Propulsion and Combustion' } as const;
    expect(withoutFilter(filters, 'status')).toEqual({ ...NO_PAPER_FILTERS, theme: 'Propulsion and Combustion' });
  });
});
