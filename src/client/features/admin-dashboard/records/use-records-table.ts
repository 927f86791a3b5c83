import { useState } from 'react';
import { type RecordsQuery, type TABLE_PAGE_SIZES } from '@shared/schemas/admin-dashboard.ts';
import { useRecords } from '../dashboard-api.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@client/lib/use-debounced-value.ts';
import { usePageOf } from '../use-page-of.ts';

export type RecordsFilter = RecordsQuery['filter'];
export type RecordsSort = RecordsQuery['sort'];
export type PageSize = (typeof TABLE_PAGE_SIZES)[number];

/** Spec 9: 10 rows per page unless the admin picks 5, 25 or 50. */
const DEFAULT_PAGE_SIZE: PageSize = 10;

/**
 * The Financial or Evaluation table's controls and rows. The search box answers at once;
 * the query follows ~300 ms after typing stops. Any change of search, filter, sort or page
 * size goes back to page 1.
 */
export function useRecordsTable(view: RecordsQuery['view']) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<RecordsFilter>('all');
  const [sort, setSort] = useState<RecordsSort>('submitted');
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = usePageOf(JSON.stringify([search, filter, sort, limit]));
  const query: RecordsQuery = { view, search, filter, sort, page, limit };
  const result = useRecords(query);
  return { query, result, searchInput, setSearchInput, filter, setFilter, sort, setSort, limit, setLimit, setPage };
}

export type RecordsTable = ReturnType<typeof useRecordsTable>;
